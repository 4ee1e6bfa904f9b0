import {
  type AffiliateNetworkTemplate,
  affiliateNetworkFieldsSchema,
  affiliateNetworkTemplateSchema,
  type TrafficSourceTemplate,
  trafficSourceFieldsSchema,
  trafficSourceTemplateSchema,
} from '@cairn/contract';
import type { z } from 'zod';

const sourceValuesSchema = trafficSourceFieldsSchema.omit({ templateId: true });
type SourceValues = z.input<typeof sourceValuesSchema>;
type NetworkValues = z.input<typeof affiliateNetworkFieldsSchema>;

/**
 * Parsing at load time fills the defaults and proves every template is valid (a wrong entry stops the
 * server from starting rather than reaching a buyer's form).
 */
export function sourceTemplate(
  entry: Omit<TrafficSourceTemplate, 'name' | 'values'> & { values: SourceValues },
): TrafficSourceTemplate {
  const values = sourceValuesSchema.parse(entry.values);
  return trafficSourceTemplateSchema.parse({ ...entry, name: values.name, values });
}

export function networkTemplate(
  entry: Omit<AffiliateNetworkTemplate, 'name' | 'values'> & { values: NetworkValues },
): AffiliateNetworkTemplate {
  const values = affiliateNetworkFieldsSchema.parse(entry.values);
  return affiliateNetworkTemplateSchema.parse({ ...entry, name: values.name, values });
}

/** Tokens as [URL parameter, the source's macro, name in reports]. */
export const tokens = (...list: [parameter: string, placeholder: string, name: string][]) =>
  list.map(([parameter, placeholder, name]) => ({ parameter, placeholder, name }));

export const ASK_FOR_POSTBACK =
  "Paste the source's S2S postback URL from your account there, with {externalid} where the click id goes " +
  'and {payout} where the payout goes.';
