/** The CDK app: `npx cdk deploy -c stage=prod` (see docs/deployment.md). */
import { buildApp } from '../lib/build-app.ts';
import { DeploymentConfigError } from '../lib/deployment-config.ts';

try {
  buildApp();
} catch (error) {
  // A setting that does not fit: say which and why, without a stack trace.
  if (!(error instanceof DeploymentConfigError)) throw error;
  console.error(`Deployment settings: ${error.message}`);
  process.exit(1);
}
