/** Points this process at a deployed stack: resource names come from the stack's outputs. */
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { newContainer } from '#shared/platform/container.ts';
import { resourceEnvVars, stackOutputKey } from '#shared/platform/infra/resources.ts';

export async function attachToDeployedStack(stackName: string): Promise<() => Promise<void>> {
  const cfn = new CloudFormationClient({});
  try {
    const out = await cfn.send(new DescribeStacksCommand({ StackName: stackName }));
    const outputs = new Map((out.Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey, o.OutputValue]));
    for (const envVar of resourceEnvVars()) {
      const value = outputs.get(stackOutputKey(envVar));
      if (value) process.env[envVar] = value;
    }
  } finally {
    cfn.destroy();
  }
  newContainer();
  return async () => newContainer();
}
