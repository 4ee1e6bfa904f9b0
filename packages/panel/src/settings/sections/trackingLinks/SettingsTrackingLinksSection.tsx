import { TRACKING_API_PATHS, type TrackingLinksResponse, trackingLinksResponseSchema } from '@cairn/contract';
import { Badge, Card, CopyField, EmptyState, ServerMessage, Skeleton, visuallyHidden } from '@cairn/ui';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/services.ts';
import type { ApiClient } from '../../../http/client.ts';
import * as styles from '../../../pages/pages.css.ts';
import { SettingsSectionFrame } from '../SettingsSectionFrame.tsx';
import { PostbackKeyCard } from './PostbackKeyCard.tsx';

// The tracking links, per tracking domain: the four addresses a media buyer pastes into other systems,
// each with where it goes. Campaign pages give the complete campaign URL with a source's parameters.

export const trackingLinksQueryKey = ['tracking-links'] as const;

export async function fetchTrackingLinks(client: ApiClient, signal?: AbortSignal) {
  const result = await client.get(TRACKING_API_PATHS.trackingLinks, {
    schema: trackingLinksResponseSchema,
    ...(signal ? { signal } : {}),
  });
  if (result.status !== 'ok') throw new Error(result.message);
  return result.data;
}

type DomainLinks = TrackingLinksResponse['domains'][number];

const links: { key: keyof DomainLinks & `${string}Url`; label: string; where: string }[] = [
  {
    key: 'clickUrl',
    label: 'Click URL',
    where:
      "Paste it into the traffic source as the ad's destination, with {campaign_key} set to the campaign's key (each campaign's page gives its full URL).",
  },
  {
    key: 'lpClickUrl',
    label: 'LP click URL',
    where:
      "Link your lander's call-to-action button to it; add &to_offer=2 to send to a lander's second offer.",
  },
  {
    key: 'postbackUrl',
    label: 'Postback URL',
    where:
      "Paste it into the affiliate network's postback (S2S) field, with the braces replaced by the network's own macros. It carries the postback key (key=...): keep it in the URL.",
  },
  {
    key: 'conversionPixelUrl',
    label: 'Conversion pixel',
    where:
      "For a network without S2S postbacks: put it on the offer's thank-you page as a 1×1 image. It records only once the pixel is turned on in Settings > Postback processing (off by default: its key is visible to the page's visitors).",
  },
];

function DomainCard({ domain }: { domain: DomainLinks }) {
  return (
    <Card
      title={
        <>
          {domain.host}{' '}
          {domain.isDefault && (
            <Badge tone="accent" variant="soft">
              Default
            </Badge>
          )}
        </>
      }
      aria-label={`Tracking links for ${domain.host}`}
    >
      <div className={styles.stack}>
        {links.map((link) => (
          <CopyField
            key={link.key}
            label={
              <>
                {link.label}
                <span className={visuallyHidden}> on {domain.host}</span>
              </>
            }
            description={link.where}
            value={domain[link.key]}
          />
        ))}
      </div>
    </Card>
  );
}

export function SettingsTrackingLinksSection() {
  return (
    <SettingsSectionFrame
      title="Tracking links"
      intro="The addresses to paste into traffic sources, landers and affiliate networks. Every tracking domain answers all of them; the default one comes first."
    >
      <DomainList />
    </SettingsSectionFrame>
  );
}

function DomainList() {
  const { client } = useServices();
  const query = useQuery({
    queryKey: trackingLinksQueryKey,
    queryFn: ({ signal }) => fetchTrackingLinks(client, signal),
  });
  if (query.error) {
    return (
      <EmptyState
        tone="danger"
        title="The tracking links could not be loaded"
        description={<ServerMessage as="span" message={query.error.message} />}
      />
    );
  }
  if (!query.data) {
    return (
      <div role="status">
        <span className={visuallyHidden}>Loading the tracking links…</span>
        <Skeleton lines={4} />
      </div>
    );
  }
  // The default domain first, whatever order the server sends.
  const domains = [...query.data.domains].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  return (
    <>
      {domains.map((domain) => (
        <DomainCard key={domain.host} domain={domain} />
      ))}
      <PostbackKeyCard previousKeys={query.data.previousPostbackKeys} queryKey={trackingLinksQueryKey} />
    </>
  );
}
