import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../openapi/document.ts';
import {
  conversionDestinationError,
  conversionOutInputSchema,
  integrationAccountInputSchema,
} from './integrations.ts';

// Each platform takes its own credentials and its own kind of destination, refused with a message at
// the field that is wrong; the OpenAPI document shows them all.

const GOOGLE = {
  developerToken: 'DevToken-0123456789',
  clientId: '42-x.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-secret01',
  refreshToken: '1//refresh-token-0123456789',
  customerId: '123-456-7890',
};

const paths = (input: unknown) =>
  integrationAccountInputSchema.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('integration account input', () => {
  it('asks each platform for its own credentials', () => {
    expect(paths({ platform: 'google_ads', name: 'G', googleAds: GOOGLE })).toEqual([]);
    expect(paths({ platform: 'google_ads', name: 'G', accessToken: 'x'.repeat(30) })).toEqual(['googleAds']);
    expect(paths({ platform: 'tiktok', name: 'T' })).toEqual(['accessToken']);
    expect(paths({ platform: 'tiktok', name: 'T', accessToken: 'x'.repeat(30) })).toEqual([]);
    expect(
      paths({
        platform: 'google_ads',
        name: 'G',
        googleAds: { ...GOOGLE, customerId: '12-34', loginCustomerId: '1234567890', refreshToken: 'short' },
      }).sort(),
    ).toEqual(['googleAds.customerId', 'googleAds.refreshToken']);
  });
});

describe('conversion destinations', () => {
  it("checks each platform's form, with a message naming it", () => {
    expect(conversionDestinationError('meta', '123456789012345')).toBeNull();
    expect(conversionDestinationError('google_ads', 'customers/1234567890/conversionActions/42')).toBeNull();
    expect(conversionDestinationError('tiktok', 'CABCDEF1234567890')).toBeNull();
    expect(conversionDestinationError('google_ads', '123456789012345')).toMatch(/conversionActions/);
    expect(conversionDestinationError('tiktok', 'customers/1234567890/conversionActions/42')).toMatch(
      /pixel code/,
    );
    expect(conversionDestinationError('meta', 'CABCDEF1234567890')).toMatch(/5 to 20 digits/);
    expect(conversionOutInputSchema.safeParse({ accountId: 1, pixelId: 'a b' }).success).toBe(false);
    expect(conversionOutInputSchema.parse({ accountId: 1, pixelId: 'CABCDEF1234567890' }).eventName).toBe(
      undefined,
    );
  });

  it('are in the OpenAPI document with the platforms', () => {
    const text = JSON.stringify(buildOpenApiDocument({ version: 'test' }));
    expect(text).toContain('"google_ads"');
    expect(text).toContain('"tiktok"');
    expect(text).toContain('loginCustomerId');
  });
});
