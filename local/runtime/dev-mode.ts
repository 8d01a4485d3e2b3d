/**
 * Imported first by `npm start`, before any module that builds a Powertools utility reads its
 * configuration: POWERTOOLS_DEV makes the logger print one readable line per record and keeps metrics
 * out of the console (they are logged at DEBUG instead).
 */
process.env.POWERTOOLS_DEV ??= 'true';
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
