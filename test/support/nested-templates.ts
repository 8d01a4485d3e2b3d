/**
 * The templates of a stack's nested stacks, read as CloudFormation reads them: a nested template names
 * what it takes from the main stack (a function's name, the API, the alarm topic) through parameters,
 * and the main template's `AWS::CloudFormation::Stack` resource gives each parameter its value.
 * `fromMain` replaces each such parameter reference in a value of the nested template by the main
 * template's expression for it, so a test can compare it with the main stack's own logical ids.
 */
import type { NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';

export type TemplateResource = { Type: string; Properties: Record<string, any>; DependsOn?: string[]; DeletionPolicy?: string; UpdateReplacePolicy?: string };

export interface NestedTemplate {
  readonly template: Template;
  readonly resources: Record<string, TemplateResource>;
  /** The parameters the main template passes, by name. */
  readonly parameters: Record<string, unknown>;
  /** The logical id of the nested stack's `AWS::CloudFormation::Stack` resource in the main template. */
  readonly resourceId: string;
  /** `value` with every `{"Ref": <parameter>}` replaced by what the main template passes for it. */
  fromMain(value: unknown): unknown;
}

export function nestedTemplate(main: Stack, nested: NestedStack): NestedTemplate {
  const template = Template.fromStack(nested);
  const resourceId = main.getLogicalId(nested.nestedStackResource! as never);
  const stackResource = (Template.fromStack(main).toJSON().Resources as Record<string, TemplateResource>)[resourceId];
  if (stackResource?.Type !== 'AWS::CloudFormation::Stack') throw new Error(`${resourceId} is not a nested stack of ${main.stackName}`);
  const parameters = (stackResource.Properties.Parameters ?? {}) as Record<string, unknown>;
  const fromMain = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(fromMain);
    if (value === null || typeof value !== 'object') return value;
    const entries = Object.entries(value);
    if (entries.length === 1 && entries[0]![0] === 'Ref' && typeof entries[0]![1] === 'string' && Object.hasOwn(parameters, entries[0]![1])) {
      return parameters[entries[0]![1]];
    }
    return Object.fromEntries(entries.map(([k, v]) => [k, fromMain(v)]));
  };
  return { template, resources: template.toJSON().Resources, parameters, resourceId, fromMain };
}
