/** Builds the CDK app exactly as `cdk synth` does (also used by the template tests). */
import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { cdkJsonContext } from './cdk-context.ts';
import { deploymentConfig, stackNamePrefix } from './deployment-config.ts';
import { ServiceStack } from './service-stack.ts';

export interface BuildOptions extends AppProps {
  readonly stage?: string;
}

export function buildApp(options: BuildOptions = {}): { app: App; stack: ServiceStack } {
  // cdk.json's context (feature flags included) first, as the CLI gives it; the CLI's own context wins.
  const app = new App({ ...options, context: { ...cdkJsonContext(), ...options.context } });
  const config = deploymentConfig((key) => app.node.tryGetContext(key), options.stage);
  const stack = new ServiceStack(app, `${stackNamePrefix}${config.stage}`, {
    config,
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
    description: `Healthcare provider license verification API (${config.stage})`,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
