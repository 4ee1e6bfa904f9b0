// The `cairn` commands: each one's forms, options and help text, which cliArgs.ts parses against.

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** The placeholder of a string option's value in the help. */
  value?: string;
  description: string;
}

export interface CommandForm {
  synopsis: string;
  summary: string[];
}

export interface CommandSpec {
  /** As typed after `cairn`: `seed`, `user create`. */
  name: string;
  forms: CommandForm[];
  options: Record<string, OptionSpec>;
  /** Positional arguments the command takes at most (a missing one is the command's to explain). */
  maxPositionals: number;
}

export const COMMON: Record<string, OptionSpec> = {
  'data-dir': { type: 'string', value: 'DIR', description: 'the data directory (overrides CAIRN_DATA_DIR)' },
  help: { type: 'boolean', description: 'show this help and run nothing' },
};

const PASSWORD_OPTIONS: Record<string, OptionSpec> = {
  'password-stdin': {
    type: 'boolean',
    description: 'read the password from standard input (out of the shell history and the process list)',
  },
  password: { type: 'string', value: 'P', description: 'the password (prefer --password-stdin)' },
};

export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'start',
    forms: [{ synopsis: 'start', summary: ['run the server (panel, API, tracking)'] }],
    options: {},
    maxPositionals: 0,
  },
  {
    name: 'doctor',
    forms: [
      {
        synopsis: 'doctor',
        summary: [
          'check this machine for Cairn: Node version, ports, disk, data',
          'directory, store connections, ACME; one line per check with',
          'what to fix (exit code 1 when a check fails)',
        ],
      },
    ],
    options: {},
    maxPositionals: 0,
  },
  {
    name: 'migrate',
    forms: [{ synopsis: 'migrate', summary: ['bring the database schema up to date (backs up first)'] }],
    options: {},
    maxPositionals: 0,
  },
  {
    name: 'user create',
    forms: [
      {
        synopsis: 'user create <login> [--role R] [--password-stdin | --password P]',
        summary: [
          'add a user (role: super_admin, admin, user; default admin);',
          '--password-stdin reads the password from standard input (it',
          'stays out of the shell history and the process list); without',
          'either a strong one is generated and printed',
        ],
      },
    ],
    options: {
      role: { type: 'string', value: 'R', description: 'super_admin, admin or user (default admin)' },
      ...PASSWORD_OPTIONS,
    },
    maxPositionals: 1,
  },
  {
    name: 'user reset-password',
    forms: [
      {
        synopsis: 'user reset-password <login> [--password-stdin | --password P] [--disable-two-factor]',
        summary: [
          "set a new password and end the user's sessions",
          '(passwords: at least 8 characters, not a common one, not the login)',
        ],
      },
    ],
    options: {
      ...PASSWORD_OPTIONS,
      'disable-two-factor': { type: 'boolean', description: 'also turn two-factor sign-in off for the user' },
    },
    maxPositionals: 1,
  },
  {
    name: 'license keygen',
    forms: [{ synopsis: 'license keygen', summary: ['make an Ed25519 key pair for signing licences'] }],
    options: {},
    maxPositionals: 0,
  },
  {
    name: 'license issue',
    forms: [
      {
        synopsis: 'license issue --tracker-id ID --expires DATE [--plan NAME]',
        summary: ['sign a licence key with CAIRN_LICENSE_PRIVATE_KEY'],
      },
    ],
    options: {
      'tracker-id': { type: 'string', value: 'ID', description: 'the tracker id the licence is for' },
      expires: { type: 'string', value: 'DATE', description: 'when the licence ends, e.g. 2027-12-31' },
      plan: { type: 'string', value: 'NAME', description: 'the plan (default standard)' },
    },
    maxPositionals: 0,
  },
  {
    name: 'seed',
    forms: [
      {
        synopsis: 'seed [--clicks N] [--days D] [--campaigns C]',
        summary: [
          'write synthetic traffic (clicks, lander clicks, conversions)',
          'into C new campaigns over the last D days, for demos and benchmarks',
        ],
      },
    ],
    options: {
      clicks: { type: 'string', value: 'N', description: 'clicks to write (default 10000)' },
      days: { type: 'string', value: 'D', description: 'days back they are spread over (default 7)' },
      campaigns: { type: 'string', value: 'C', description: 'new campaigns they go to (default 3)' },
    },
    maxPositionals: 0,
  },
  {
    name: 'migrate-store',
    forms: [
      {
        synopsis: 'migrate-store [--to-config URL] [--to-events URL] [--allow-non-empty]',
        summary: [
          'copy this embedded installation into the scale-out stores:',
          'configuration (every table) into PostgreSQL (postgres://...),',
          'events into ClickHouse (http(s)://...), then check the counts.',
          'A target that holds data is refused unless --allow-non-empty',
          '(configuration: replaced; events: added, none stored twice)',
        ],
      },
    ],
    options: {
      'to-config': {
        type: 'string',
        value: 'URL',
        description: 'the PostgreSQL to copy the configuration into',
      },
      'to-events': { type: 'string', value: 'URL', description: 'the ClickHouse to copy the events into' },
      'allow-non-empty': { type: 'boolean', description: 'copy into a target that already holds data' },
    },
    maxPositionals: 0,
  },
  {
    name: 'geo update',
    forms: [
      {
        synopsis: 'geo update --from FILE|DIR|URL [--force]',
        summary: [
          'install newer geo databases (city MMDB, ASN MMDB or CSV; .gz too):',
          'each is opened and checked against known addresses first; a running',
          'server on this data directory takes them without a restart',
        ],
      },
    ],
    options: {
      from: { type: 'string', value: 'SRC', description: 'a file, a directory of them, or an http(s) URL' },
      force: { type: 'boolean', description: 'take a file under half the size of the one in use' },
    },
    maxPositionals: 0,
  },
  {
    name: 'rollback',
    forms: [
      { synopsis: 'rollback', summary: ['list backups (whole installation, configuration), newest first'] },
      {
        synopsis: 'rollback <backup id>',
        summary: [
          "put back a backup's configuration database (cairn.duckdb);",
          'the current one is kept as a backup (embedded store only:',
          'PostgreSQL has its own tools)',
        ],
      },
    ],
    options: {},
    maxPositionals: 1,
  },
  {
    name: 'backup',
    forms: [
      {
        synopsis: 'backup [--to DIR]',
        summary: [
          'copy the whole installation (configuration, events, key, files,',
          'certificates) into a new directory with a manifest of checksums;',
          'a running server makes the copy and keeps serving clicks',
        ],
      },
    ],
    options: {
      to: {
        type: 'string',
        value: 'DIR',
        description: 'where the backup directory goes (default <data dir>/backups)',
      },
    },
    maxPositionals: 0,
  },
  {
    name: 'export events',
    forms: [
      {
        synopsis: 'export events --from D --to D --out FILE',
        summary: [
          'write the raw clicks and conversions of a range, every dimension',
          "column, to Parquet or CSV with the event store's own writer;",
          'a running server writes it and keeps serving clicks',
        ],
      },
    ],
    options: {
      from: {
        type: 'string',
        value: 'DATE',
        description: 'first day (2026-03-01) or instant (ISO, e.g. 2026-03-01T10:00Z)',
      },
      to: { type: 'string', value: 'DATE', description: 'last day (taken whole) or instant (exclusive)' },
      format: { type: 'string', value: 'F', description: 'parquet (default) or csv' },
      kind: { type: 'string', value: 'K', description: 'clicks or conversions (default both)' },
      zone: {
        type: 'string',
        value: 'Z',
        description: "tracker (default: the tracker's zone, Settings > Stats) or UTC",
      },
      out: { type: 'string', value: 'FILE', description: 'the file to write (replaced if it exists)' },
    },
    maxPositionals: 0,
  },
  {
    name: 'restore',
    forms: [
      {
        synopsis: 'restore --from DIR',
        summary: [
          'check a backup against its manifest and restore it into an',
          'empty data directory (--data-dir); a damaged one is refused',
        ],
      },
    ],
    options: {
      from: {
        type: 'string',
        value: 'DIR',
        description: 'the backup directory (the one holding manifest.json)',
      },
    },
    maxPositionals: 0,
  },
];
