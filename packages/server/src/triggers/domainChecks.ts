import dns from 'node:dns';
import { withJobLock } from '../cluster/jobs.ts';
import { type OutboundGuard, OutboundRefused, OutboundTimeout } from '../outbound/guard.ts';
import type { ConfigStore } from '../store/config/port.ts';
import { plain } from './notify.ts';

// Domain checks: every tracking domain should resolve and answer on its click path (from this node).
// A domain that does not is marked as needing attention (the same list triggers' "mark domain" action
// writes, without a trigger); one that passes again is cleared of the checks' own mark. The call goes
// through the outbound guard; a domain that resolves to this node's own address is this node, which is
// what a tracking domain should be, so the guard's refusal of it counts as a pass.

export const DOMAIN_CHECKS_JOB = 'domain-checks';
const CHECK_TIMEOUT_MS = 5000;
const OWN_ADDRESS = "one of this server's own addresses";

export interface DomainCheckDeps {
  store: ConfigStore;
  outbound: OutboundGuard;
  clickPath: () => string;
  now: () => number;
  /** The resolver (tests answer names without DNS). */
  lookup?: (host: string) => Promise<unknown>;
  /** The HTTP port tracking domains answer on (80; tests use their server's). */
  port?: number;
}

export interface DomainCheck {
  domainId: number;
  host: string;
  problem: string | null;
}

async function problemOf(deps: DomainCheckDeps, host: string): Promise<string | null> {
  const lookup = deps.lookup ?? ((name: string) => dns.promises.lookup(name, { all: true }));
  try {
    await lookup(host);
  } catch (error) {
    return `${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'no answer'})`;
  }
  const port = deps.port === undefined || deps.port === 80 ? '' : `:${deps.port}`;
  const url = `http://${host}${port}${deps.clickPath()}`;
  try {
    const answer = await deps.outbound.get(url, { timeoutMs: CHECK_TIMEOUT_MS });
    return answer.status >= 500 ? `${url} answered ${answer.status}` : null;
  } catch (error) {
    if (error instanceof OutboundRefused && error.message.includes(OWN_ADDRESS)) return null;
    if (error instanceof OutboundRefused) return `${url} is not called: ${error.message}`;
    if (error instanceof OutboundTimeout) return `${url} did not answer in time`;
    return `${url} did not answer: ${plain((error as Error).message ?? String(error))}`;
  }
}

/** Checks every tracking domain once (under the job lock); null when a check is running already. */
export async function checkDomains(deps: DomainCheckDeps): Promise<DomainCheck[] | null> {
  const locked = await withJobLock(deps.store, DOMAIN_CHECKS_JOB, async () => {
    const domains = await deps.store.query<{ id: number | bigint; host: string }>(
      'SELECT id, host FROM domains WHERE NOT archived ORDER BY id',
    );
    const results: DomainCheck[] = [];
    for (const domain of domains) {
      const domainId = Number(domain.id);
      const problem = await problemOf(deps, domain.host);
      results.push({ domainId, host: domain.host, problem });
      // A trigger's mark stays until the trigger's user clears it; the checks only replace their own.
      const marked = await deps.store.query<{ trigger_id: number | bigint | null }>(
        'SELECT trigger_id FROM domain_attention WHERE domain_id = $1',
        [domainId],
      );
      if (marked[0] && marked[0].trigger_id !== null) continue;
      await deps.store.execute('DELETE FROM domain_attention WHERE domain_id = $1', [domainId]);
      if (problem) {
        await deps.store.execute(
          'INSERT INTO domain_attention (domain_id, reason, marked_at, trigger_id) VALUES ($1, $2, $3, NULL)',
          [domainId, problem, deps.now()],
        );
      }
    }
    return results;
  });
  return locked.ran ? locked.value : null;
}
