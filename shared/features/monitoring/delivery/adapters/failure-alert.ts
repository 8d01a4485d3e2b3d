/** The one e-mail sent when an event's webhook failed after its last retry (SES v2). */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { ses } from '../../../../platform/aws/ses.ts';
import { alertFromEmail } from '../../../../platform/config.ts';
import type { DeliveryFailure } from '../delivery-ports.ts';

export async function sendDeliveryFailureEmail(to: string, details: DeliveryFailure): Promise<void> {
  const text = [
    `Webhook delivery failed for monitor ${details.monitorId}.`,
    '',
    `Event: ${details.eventId} (${details.kind})`,
    `Webhook URL: ${details.webhookUrl}`,
    `Last error: ${details.lastError}`,
    '',
    'The event was retried after 5 minutes, 30 minutes, 2 hours, 8 hours and 24 hours and is now marked failed.',
    'Its body and delivery attempts are listed by GET /v1/events.',
  ].join('\n');
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: alertFromEmail(),
      Destination: { ToAddresses: [to] },
      Content: { Simple: { Subject: { Data: `Webhook delivery failed: ${details.kind} for ${details.monitorId}` }, Body: { Text: { Data: text } } } },
    }),
  );
}
