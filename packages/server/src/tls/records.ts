import type { Sql } from '../store/config/port.ts';

// The rows of tls_certificates and acme_challenges (migration 010), read and written in one place.

export interface CertificateRecord {
  host: string;
  /** The operator wants HTTPS for this host: a certificate is got and kept renewed. */
  wanted: boolean;
  /** Plain HTTP requests to the host are sent to HTTPS (ACME challenges excepted). */
  redirectHttp: boolean;
  certificatePem: string | null;
  keySealed: string | null;
  notAfter: number | null;
  issuedAt: number | null;
  lastAttemptAt: number | null;
  lastError: string | null;
}

type Row = {
  host: string;
  wanted: boolean;
  redirect_http: boolean;
  certificate_pem: string | null;
  key_sealed: string | null;
  not_after: number | bigint | null;
  issued_at: number | bigint | null;
  last_attempt_at: number | bigint | null;
  last_error: string | null;
};

const time = (value: number | bigint | null): number | null => (value === null ? null : Number(value));

const recordOf = (row: Row): CertificateRecord => ({
  host: row.host,
  wanted: Boolean(row.wanted),
  redirectHttp: Boolean(row.redirect_http),
  certificatePem: row.certificate_pem,
  keySealed: row.key_sealed,
  notAfter: time(row.not_after),
  issuedAt: time(row.issued_at),
  lastAttemptAt: time(row.last_attempt_at),
  lastError: row.last_error,
});

export async function listCertificates(sql: Sql): Promise<CertificateRecord[]> {
  return (await sql.query<Row>('SELECT * FROM tls_certificates ORDER BY host')).map(recordOf);
}

export async function certificateOf(sql: Sql, host: string): Promise<CertificateRecord | null> {
  const [row] = await sql.query<Row>('SELECT * FROM tls_certificates WHERE host = $1', [host]);
  return row ? recordOf(row) : null;
}

/** What the operator wants for a host; a host never asked about gets its row here. */
export async function setWanted(
  sql: Sql,
  host: string,
  wanted: boolean,
  redirectHttp: boolean,
  now: number,
): Promise<void> {
  await sql.execute(
    `INSERT INTO tls_certificates (host, wanted, redirect_http, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (host) DO UPDATE SET wanted = excluded.wanted, redirect_http = excluded.redirect_http,
       updated_at = excluded.updated_at`,
    [host, wanted, redirectHttp, now],
  );
}

export async function saveIssued(
  sql: Sql,
  host: string,
  issued: { certificatePem: string; keySealed: string; notAfter: number },
  now: number,
): Promise<void> {
  await sql.execute(
    `UPDATE tls_certificates SET certificate_pem = $2, key_sealed = $3, not_after = $4, issued_at = $5,
       last_attempt_at = $5, last_error = NULL, updated_at = $5 WHERE host = $1`,
    [host, issued.certificatePem, issued.keySealed, issued.notAfter, now],
  );
}

export async function saveFailure(sql: Sql, host: string, error: string, now: number): Promise<void> {
  await sql.execute(
    'UPDATE tls_certificates SET last_attempt_at = $2, last_error = $3, updated_at = $2 WHERE host = $1',
    [host, now, error.slice(0, 1000)],
  );
}

export async function publishChallenge(
  sql: Sql,
  token: string,
  keyAuthorization: string,
  host: string,
  now: number,
): Promise<void> {
  await sql.execute(
    `INSERT INTO acme_challenges (token, key_authorization, host, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (token) DO UPDATE SET key_authorization = excluded.key_authorization`,
    [token, keyAuthorization, host, now],
  );
}

export async function removeChallenge(sql: Sql, token: string): Promise<void> {
  await sql.execute('DELETE FROM acme_challenges WHERE token = $1', [token]);
}

export async function challengeAnswer(sql: Sql, token: string): Promise<string | null> {
  const [row] = await sql.query<{ key_authorization: string }>(
    'SELECT key_authorization FROM acme_challenges WHERE token = $1',
    [token],
  );
  return row?.key_authorization ?? null;
}
