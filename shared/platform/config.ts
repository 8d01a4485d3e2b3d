/**
 * Configuration read from the environment, in one place: the modules of `config/` read every variable
 * the service uses, each through a named function, at call time. Deployed, the CDK stack sets them;
 * locally the local stack does. Nothing else in the code branches on where it runs, and nothing else in
 * `shared/` or `functions/` reads `process.env`.
 */
export { environment } from './config/environment.ts';
export { historyExportSettleSeconds } from './config/history.ts';
export { bucketName, queueUrl, s3ForcePathStyle, tableName, tableNameIfSet } from './config/resources.ts';
export { devMode, docsUrl, logServiceName, publicBaseUrl, runsOnAwsLambda, serviceName } from './config/service.ts';
export {
  leieCsvUrl,
  leieResponseTimeoutMs,
  listPageSize,
  listResponseTimeoutMs,
  nppesApiUrl,
  sodaAppToken,
  sodaBaseUrl,
  sourceBaseUrl,
  sourceLoopbackAllowedFromEnv,
  sourceLoopbackVariable,
} from './config/sources.ts';
export {
  alertEmail,
  alertFromEmail,
  allowLoopbackVariable,
  webhookLoopbackAllowedFromEnv,
  webhookSecretKeyFile,
  webhookSecretKmsKeyId,
} from './config/webhooks.ts';
