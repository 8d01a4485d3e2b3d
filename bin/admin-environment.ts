/**
 * Imported first by the operator CLI, before any module builds the logger: stdout carries only the
 * command's one JSON result, so the service's own logs stay at ERROR unless POWERTOOLS_LOG_LEVEL says
 * otherwise. The CLI is no Lambda invocation: a concurrency setting inherited from a process that runs
 * the local stack (which scopes its invocations) must not make Powertools look for invocation scopes.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
delete process.env.AWS_LAMBDA_MAX_CONCURRENCY;
