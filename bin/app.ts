/** The CDK app: `npx cdk deploy -c stage=prod` (see README, Deploying). */
import { buildApp } from '../lib/build-app.ts';

buildApp();
