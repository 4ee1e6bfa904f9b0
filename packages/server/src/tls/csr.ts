import crypto from 'node:crypto';

// A certificate signing request (PKCS #10) for one ECDSA P-256 key and a list of names, in DER, which is
// what ACME's finalize takes. Node signs and exports keys but builds no CSR; the structure is small and
// fixed (RFC 2986, with the names as a subjectAltName extension request, RFC 5280), so it is encoded here
// rather than pulling in an X.509 library for it.

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size]);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const groups: number[] = [];
    for (let value = arc; ; value = Math.floor(value / 128)) {
      groups.unshift(value % 128);
      if (value < 128) break;
    }
    bytes.push(...groups.map((group, index) => (index < groups.length - 1 ? group | 0x80 : group)));
  }
  return tlv(0x06, Buffer.from(bytes));
}

const sequence = (...content: Buffer[]) => tlv(0x30, ...content);
const set = (...content: Buffer[]) => tlv(0x31, ...content);

const OID = {
  commonName: '2.5.4.3',
  extensionRequest: '1.2.840.113549.1.9.14',
  subjectAltName: '2.5.29.17',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** The CSR, DER-encoded, for `names` (the first is also the subject's common name), signed by `key`. */
export function createCsr(key: crypto.KeyObject, names: readonly string[]): Buffer {
  const [first] = names;
  if (first === undefined) throw new Error('A certificate needs at least one name');
  const subject = sequence(set(sequence(oid(OID.commonName), tlv(0x0c, Buffer.from(first, 'utf8')))));
  const publicKey = crypto.createPublicKey(key).export({ type: 'spki', format: 'der' });
  // GeneralName dNSName is [2] IMPLICIT IA5String.
  const altNames = sequence(...names.map((name) => tlv(0x82, Buffer.from(name, 'ascii'))));
  const extensions = sequence(sequence(oid(OID.subjectAltName), tlv(0x04, altNames)));
  const attributes = tlv(0xa0, sequence(oid(OID.extensionRequest), set(extensions)));
  const info = sequence(tlv(0x02, Buffer.from([0])), subject, publicKey, attributes);
  const signature = crypto.sign('sha256', info, key);
  return sequence(info, sequence(oid(OID.ecdsaWithSha256)), tlv(0x03, Buffer.from([0]), signature));
}
