/** Builds the CDK app exactly as `cdk synth` does (also used by the template tests). */
import { App, Validations, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ServiceStack } from './service-stack.ts';

export interface BuildOptions extends AppProps {
  readonly stage?: string;
}

export function buildApp(options: BuildOptions = {}): { app: App; stack: ServiceStack } {
  const app = new App(options);
  const stage = options.stage ?? (app.node.tryGetContext('stage') as string | undefined) ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,20}$/.test(stage)) throw new Error(`Invalid stage "${stage}": lower-case letters, digits and hyphens`);
  const stack = new ServiceStack(app, `LicenseVerification-${stage}`, {
    stage,
    publicBaseUrl: app.node.tryGetContext('publicBaseUrl') as string | undefined,
    alertFromEmail: app.node.tryGetContext('alertFromEmail') as string | undefined,
    env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
    description: `Healthcare provider license verification API (${stage})`,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack };
}
