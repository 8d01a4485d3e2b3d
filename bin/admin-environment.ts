/**
 * Imported first by the operator CLI, before any module builds the logger: stdout carries only the
 * command's one JSON result, so the service's own logs stay at ERROR unless POWERTOOLS_LOG_LEVEL says
 * otherwise.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
