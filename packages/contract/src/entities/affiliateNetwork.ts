import { z } from 'zod';
import { entityMetaSchema, nameSchema, notesSchema, templateDocsSchema } from './common.ts';
import { KNOWN_MACROS_TEXT, unknownMacros } from './macros.ts';
import { DUPLICATE_POSTBACK_POLICIES } from './vocabulary.ts';

export { affiliateNetworkListSpec, DUPLICATE_POSTBACK_POLICIES } from './vocabulary.ts';

export const CONVERSION_STATUSES = ['approved', 'pending', 'declined', 'chargeback'] as const;
export const conversionStatusSchema = z.enum(CONVERSION_STATUSES);
export type ConversionStatus = z.infer<typeof conversionStatusSchema>;

export const duplicatePostbackPolicySchema = z.enum(DUPLICATE_POSTBACK_POLICIES);

/**
 * Parameters appended to every offer URL of the network, e.g. `sub={clickid}&sub2={campaign_id}`;
 * values may use the tracker's macros.
 */
export const offerUrlParamsSchema = z
  .string()
  .trim()
  .max(1000, 'At most 1000 characters')
  .default('')
  .superRefine((value, ctx) => {
    if (value === '') return;
    const unknown = unknownMacros(value);
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `Unknown macro ${unknown.map((name) => `{${name}}`).join(', ')}. Known macros: ${KNOWN_MACROS_TEXT}`,
      });
    } else if (!/^[^&=\s?#]+=[^&\s]*(&[^&=\s?#]+=[^&\s]*)*$/.test(value)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Write parameters as name=value joined by &, e.g. sub={clickid}',
      });
    }
  });

/** One of the network's own placeholders (`{aff_sub}`, `#s2#`, `[SUBID]` ...), which the network fills. */
const networkPlaceholderSchema = z
  .string()
  .trim()
  .min(1, 'Enter the network placeholder')
  .max(100, 'At most 100 characters')
  .regex(/^[^\s&]+$/, 'No spaces or & in a placeholder');

export const postbackPlaceholdersSchema = z.object({
  clickId: networkPlaceholderSchema,
  payout: networkPlaceholderSchema.nullable().default(null),
  status: networkPlaceholderSchema.nullable().default(null),
  txid: networkPlaceholderSchema.nullable().default(null),
  currency: networkPlaceholderSchema.nullable().default(null),
});
export type PostbackPlaceholders = z.output<typeof postbackPlaceholdersSchema>;

export const ipOrRangeSchema = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
  error: 'An IPv4/IPv6 address or a CIDR range such as 203.0.113.0/24',
});

export const statusMappingSchema = z
  .array(
    z.object({
      networkStatus: z.string().trim().min(1, 'Enter the status the network sends').max(50),
      status: conversionStatusSchema,
    }),
  )
  .max(50, 'At most 50 status mappings')
  .default([])
  .superRefine((mappings, ctx) => {
    const seen = new Set<string>();
    mappings.forEach((mapping, index) => {
      const key = mapping.networkStatus.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'networkStatus'],
          message: `"${mapping.networkStatus}" is mapped twice`,
        });
      }
      seen.add(key);
    });
  });

export const affiliateNetworkFieldsSchema = z.object({
  name: nameSchema,
  offerUrlParams: offerUrlParamsSchema,
  postbackPlaceholders: postbackPlaceholdersSchema.default({
    clickId: '{clickid}',
    payout: '{payout}',
    status: null,
    txid: null,
    currency: null,
  }),
  // Empty: postbacks accepted from any address.
  allowedPostbackIps: z.array(ipOrRangeSchema).max(100, 'At most 100 addresses').default([]),
  statusMapping: statusMappingSchema,
  duplicatePostbacks: duplicatePostbackPolicySchema.default('ignore'),
  /**
   * Postbacks without the installation's postback key are accepted from this network's allowed addresses:
   * for a network whose postback URL cannot be changed yet. Only together with a non-empty IP allow-list.
   */
  acceptKeylessPostbacks: z.boolean().default(false),
  notes: notesSchema,
});
export const affiliateNetworkInputSchema = affiliateNetworkFieldsSchema.superRefine((network, ctx) => {
  if (network.acceptKeylessPostbacks && network.allowedPostbackIps.length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['acceptKeylessPostbacks'],
      message:
        "Postbacks without the key are accepted only from listed addresses: add the network's IPs first",
    });
  }
});
export type AffiliateNetworkInput = z.input<typeof affiliateNetworkInputSchema>;
export const affiliateNetworkMassChangesSchema = affiliateNetworkFieldsSchema.pick({
  allowedPostbackIps: true,
  duplicatePostbacks: true,
  acceptKeylessPostbacks: true,
  notes: true,
});

export const affiliateNetworkSchema = entityMetaSchema.extend({
  name: z.string(),
  offerUrlParams: z.string(),
  postbackPlaceholders: z.object({
    clickId: z.string(),
    payout: z.string().nullable(),
    status: z.string().nullable(),
    txid: z.string().nullable(),
    currency: z.string().nullable(),
  }),
  allowedPostbackIps: z.array(z.string()),
  statusMapping: z.array(z.object({ networkStatus: z.string(), status: conversionStatusSchema })),
  duplicatePostbacks: duplicatePostbackPolicySchema,
  acceptKeylessPostbacks: z.boolean(),
  notes: z.string(),
  /** The postback URL to paste into the network, on the tracker's default domain, with its placeholders. */
  postbackUrl: z.string(),
  offerCount: z.number().int(),
});
export type AffiliateNetwork = z.infer<typeof affiliateNetworkSchema>;

/** A network that sells offers itself, or the tracking platform many networks run on. */
export const AFFILIATE_NETWORK_TEMPLATE_KINDS = ['network', 'platform'] as const;
export const affiliateNetworkTemplateSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string(),
  website: z.string(),
  kind: z.enum(AFFILIATE_NETWORK_TEMPLATE_KINDS),
  /** Offer verticals the network is known for (nutra, dating, gambling ...), for searching the picker. */
  verticals: z.array(z.string()),
  docs: templateDocsSchema,
  /** What the create form is prefilled with. */
  values: affiliateNetworkFieldsSchema,
});
export type AffiliateNetworkTemplate = z.input<typeof affiliateNetworkTemplateSchema>;
export const affiliateNetworkTemplatesResponseSchema = z.object({
  templates: z.array(affiliateNetworkTemplateSchema),
});
export type AffiliateNetworkTemplatesResponse = z.input<typeof affiliateNetworkTemplatesResponseSchema>;
