import {
  campaignConversionOutListSchema,
  campaignConversionOutSchema,
  conversionOutInputSchema,
  conversionOutListSchema,
  conversionOutSchema,
  INTEGRATION_PATHS,
  integrationAccountInputSchema,
  integrationAccountListSchema,
  integrationAccountSchema,
  integrationAccountUpdateSchema,
  integrationCheckSchema,
} from '../integrations/integrations.ts';
import type { ApiRoute } from './catalogue.ts';

const INTEGRATIONS = 'Integrations';
const secrets =
  'Meta and TikTok take `accessToken`; Google Ads takes `googleAds` (developer token, OAuth client, refresh ' +
  'token, customer id). Credentials are stored encrypted and never returned; answers carry `hasAccessToken` instead.';

/** Ad platform accounts, and each traffic source's conversions sent out to a platform's conversion API. */
export const INTEGRATION_ROUTES: readonly ApiRoute[] = [
  {
    method: 'GET',
    path: INTEGRATION_PATHS.accounts,
    summary: 'Integration accounts with the outcome of their last connection check',
    tag: INTEGRATIONS,
    access: 'admin',
    response: integrationAccountListSchema,
  },
  {
    method: 'POST',
    path: INTEGRATION_PATHS.accounts,
    summary: "Connect an ad platform's account",
    description: secrets,
    tag: INTEGRATIONS,
    access: 'admin',
    body: integrationAccountInputSchema,
    response: integrationAccountSchema,
    status: 201,
    bodyName: 'IntegrationAccountInput',
    responseName: 'IntegrationAccount',
    bodyExample: { platform: 'meta', name: 'Main business', accessToken: 'EAAB...' },
  },
  {
    method: 'PUT',
    path: INTEGRATION_PATHS.account,
    summary: 'Rename an account, or replace its access token',
    description: `${secrets} Without \`accessToken\` the stored token stays.`,
    tag: INTEGRATIONS,
    access: 'admin',
    body: integrationAccountUpdateSchema,
    response: integrationAccountSchema,
  },
  {
    method: 'DELETE',
    path: INTEGRATION_PATHS.account,
    summary: 'Delete an account',
    tag: INTEGRATIONS,
    access: 'admin',
    errors: { 409: 'A traffic source still sends its conversions through this account' },
  },
  {
    method: 'POST',
    path: INTEGRATION_PATHS.check,
    summary: 'Check the connection: call the platform with the stored token and report its answer',
    tag: INTEGRATIONS,
    access: 'admin',
    response: integrationCheckSchema,
  },
  {
    method: 'GET',
    path: INTEGRATION_PATHS.conversionsOut,
    summary: "Traffic sources whose conversions are sent to an ad platform's conversion API",
    tag: INTEGRATIONS,
    access: 'admin',
    response: conversionOutListSchema,
  },
  {
    method: 'PUT',
    path: INTEGRATION_PATHS.conversionOut,
    summary: "Send a traffic source's conversions to an ad platform (Meta: pixel id and event name)",
    description:
      'Each approved conversion goes out once as the event named, and a chargeback of a sent one as a ' +
      'refund event, through the S2S outbox (retries, delivery state on the conversion).',
    tag: INTEGRATIONS,
    access: 'admin',
    body: conversionOutInputSchema,
    response: conversionOutSchema,
    bodyExample: { accountId: 1, pixelId: '123456789012345', eventName: 'Purchase', enabled: true },
  },
  {
    method: 'DELETE',
    path: INTEGRATION_PATHS.conversionOut,
    summary: "Stop sending a traffic source's conversions to an ad platform",
    tag: INTEGRATIONS,
    access: 'admin',
  },
  {
    method: 'GET',
    path: INTEGRATION_PATHS.campaignConversionsOut,
    summary:
      'Campaigns whose conversions go to an ad platform of their own, in place of their source setting',
    tag: INTEGRATIONS,
    access: 'admin',
    response: campaignConversionOutListSchema,
  },
  {
    method: 'PUT',
    path: INTEGRATION_PATHS.campaignConversionOut,
    summary: "Send a campaign's conversions to an ad platform, in place of its traffic source's setting",
    description:
      "The campaign's setting wins over its traffic source's: its conversions go only where it says, " +
      'with the same rules (once when approved, a refund or retraction for a chargeback).',
    tag: INTEGRATIONS,
    access: 'admin',
    body: conversionOutInputSchema,
    response: campaignConversionOutSchema,
    bodyExample: { accountId: 1, pixelId: '123456789012345', eventName: 'Lead', enabled: true },
  },
  {
    method: 'DELETE',
    path: INTEGRATION_PATHS.campaignConversionOut,
    summary: "Drop a campaign's own conversions-out setting (its traffic source's applies again)",
    tag: INTEGRATIONS,
    access: 'admin',
  },
];
