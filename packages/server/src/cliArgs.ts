// The `cairn` command line: each command's options and help, parsed strictly. Asking a command for help
// must never run it (seed would write, start would serve), and a mistyped option must be refused with
// the one that was meant rather than ignored while the command runs with its defaults.
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';

import {
  COMMANDS,
  COMMON,
  type CommandForm,
  type CommandSpec,
  type OptionSpec,
} from './commandLine/commands.ts';

export { COMMANDS, type CommandSpec };

/** What every command's flags may hold; each command reads only its own. */
export interface Flags {
  'data-dir'?: string;
  role?: string;
  password?: string;
  'password-stdin'?: boolean;
  'disable-two-factor'?: boolean;
  'tracker-id'?: string;
  expires?: string;
  plan?: string;
  clicks?: string;
  days?: string;
  campaigns?: string;
  'to-config'?: string;
  'to-events'?: string;
  'allow-non-empty'?: boolean;
  from?: string;
  force?: boolean;
  to?: string;
  format?: string;
  kind?: string;
  zone?: string;
  out?: string;
  help?: boolean;
}

/** Bad arguments (unknown command or option, a missing value, one argument too many): exit code 2. */
export class ArgumentError extends Error {}

const HELP_FORM: CommandForm = {
  synopsis: 'help [<command>]',
  summary: ["show this text, or a command's options"],
};
const SUMMARY_COLUMN = 42;

function formLines(form: CommandForm): string[] {
  const [first = '', ...more] = form.summary;
  const indent = ' '.repeat(SUMMARY_COLUMN);
  const head =
    form.synopsis.length + 2 < SUMMARY_COLUMN - 2
      ? [`  ${form.synopsis.padEnd(SUMMARY_COLUMN - 2)}${first}`]
      : [`  ${form.synopsis}`, `${indent}${first}`];
  return [...head, ...more.map((line) => `${indent}${line}`)];
}

export function generalUsage(version: string): string {
  return [
    `Cairn ${version}: a self-hosted affiliate and ad-campaign tracker`,
    '',
    'Usage: cairn <command> [options]',
    '',
    ...[...COMMANDS.flatMap((command) => command.forms), HELP_FORM].flatMap(formLines),
    '',
    'Options for every command: --data-dir DIR (overrides CAIRN_DATA_DIR), -h/--help (show the',
    "command's options and run nothing). cairn --version (-v) prints the version.",
    'Commands that change data refuse while a Cairn server runs on the same data directory:',
    'the embedded database admits one writing process. Stop the server first.',
    '',
  ].join('\n');
}

function optionsOf(command: CommandSpec): Record<string, OptionSpec> {
  return { ...command.options, ...COMMON };
}

function commandHelp(command: CommandSpec): string[] {
  const options = Object.entries(optionsOf(command)).map(([name, option]) => {
    const flag = `${name === 'help' ? '-h, ' : ''}--${name}${option.value ? ` ${option.value}` : ''}`;
    return `  ${flag.padEnd(24)}${option.description}`;
  });
  return [
    ...command.forms.flatMap((form) => [
      `Usage: cairn ${form.synopsis}`,
      ...form.summary.map((l) => `  ${l}`),
    ]),
    '',
    'Options:',
    ...options,
  ];
}

function helpOf(commands: readonly CommandSpec[]): string {
  return `${commands.map((command) => commandHelp(command).join('\n')).join('\n\n')}\n`;
}

function parseConfig(options: Record<string, OptionSpec>): ParseArgsOptionsConfig {
  return Object.fromEntries(
    Object.entries(options).map(([name, option]) => [
      name,
      name === 'help' ? { type: 'boolean', short: 'h' } : { type: option.type },
    ]),
  );
}

/** Edit distance, for the option or command that a mistyped one was probably meant to be. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The known name closest to `typed`, when close enough to be what was meant. */
export function closest(typed: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const name of known) {
    const d = name.startsWith(typed) && typed.length >= 2 ? 1 : distance(typed, name);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return bestDistance <= Math.max(1, Math.ceil(typed.length / 3)) ? best : null;
}

function unknownCommand(typed: string, known: readonly string[], context: string): ArgumentError {
  const hint = closest(typed, known);
  return new ArgumentError(
    `Unknown ${context} "${typed}".${hint ? ` Did you mean "${hint}"?` : ` Known: ${known.join(', ')}.`} Run \`cairn help\`.`,
  );
}

const GROUPS = [...new Set(COMMANDS.map((command) => command.name.split(' ')[0] ?? ''))];

function subcommandsOf(group: string): CommandSpec[] {
  return COMMANDS.filter((command) => command.name.split(' ')[0] === group);
}

/** Every option any command knows, so positionals can be told from option values before the command is known. */
const ALL_OPTIONS = parseConfig(Object.assign({}, COMMON, ...COMMANDS.map((command) => command.options)));

function lenientTokens(args: string[], options: ParseArgsOptionsConfig) {
  return parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true }).tokens;
}

export type Invocation =
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  | { kind: 'run'; command: string; positionals: string[]; flags: Flags };

/** The help of `words` (`user`, `user create`), or an ArgumentError naming the closest command. */
function helpFor(words: string[], version: string): string {
  const [group, sub] = words;
  if (group === undefined || group === 'help') return generalUsage(version);
  if (!GROUPS.includes(group)) throw unknownCommand(group, [...GROUPS, 'help'], 'command');
  const subcommands = subcommandsOf(group);
  const chosen = subcommands.find((command) => command.name === `${group} ${sub}`);
  return helpOf(chosen ? [chosen] : subcommands);
}

/** What `cairn <argv>` asks for; throws ArgumentError for arguments no command takes. */
export function parseInvocation(argv: string[], version: string): Invocation {
  const [word, ...rest] = argv;
  if (word === undefined || word === '--help' || word === '-h')
    return { kind: 'help', text: generalUsage(version) };
  if (word === '--version' || word === '-v') return { kind: 'version' };
  if (word === 'help') return { kind: 'help', text: helpFor(rest, version) };
  if (word.startsWith('-')) {
    const hint = closest(word.replace(/^-+/, ''), ['help', 'version']);
    throw new ArgumentError(
      `Unknown option ${word}.${hint ? ` Did you mean --${hint}?` : ''} Give a command first: cairn <command> [options]; run \`cairn help\`.`,
    );
  }
  if (!GROUPS.includes(word)) throw unknownCommand(word, [...GROUPS, 'help'], 'command');

  const tokens = lenientTokens(rest, ALL_OPTIONS);
  const positionals = tokens.filter((token) => token.kind === 'positional');
  const subcommands = subcommandsOf(word);
  const grouped = subcommands.length > 1 || subcommands[0]?.name !== word;
  const sub = grouped ? positionals[0] : undefined;
  if (tokens.some((token) => token.kind === 'option' && token.name === 'help')) {
    return { kind: 'help', text: helpFor(sub ? [word, sub.value] : [word], version) };
  }
  let command = subcommands[0] as CommandSpec;
  let args = rest;
  if (grouped) {
    const names = subcommands.map((spec) => spec.name.split(' ')[1] ?? '');
    if (!sub) throw new ArgumentError(`Use: ${names.map((name) => `cairn ${word} ${name}`).join(' | ')}`);
    const found = subcommands.find((spec) => spec.name === `${word} ${sub.value}`);
    if (!found) throw unknownCommand(sub.value, names, `subcommand of cairn ${word}:`);
    command = found;
    args = rest.filter((_, index) => index !== sub.index);
  }
  const known = optionsOf(command);
  const config = parseConfig(known);
  for (const token of lenientTokens(args, config)) {
    if (token.kind !== 'option' || token.name in known) continue;
    const hint = token.rawName.startsWith('--') ? closest(token.name, Object.keys(known)) : null;
    const takes = Object.keys(known)
      .map((name) => `--${name}`)
      .join(', ');
    throw new ArgumentError(
      `Unknown option ${token.rawName} for cairn ${command.name}. ${hint ? `Did you mean --${hint}?` : `It takes ${takes}.`} See \`cairn ${command.name} --help\`.`,
    );
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args, options: config, strict: true, allowPositionals: true });
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      throw new ArgumentError(`${(error as Error).message} (see cairn ${command.name} --help)`);
    }
    throw error;
  }
  const extra = parsed.positionals.slice(command.maxPositionals);
  if (extra.length > 0) {
    throw new ArgumentError(
      `cairn ${command.name} takes no argument "${extra[0]}" (see cairn ${command.name} --help).`,
    );
  }
  return {
    kind: 'run',
    command: command.name,
    positionals: parsed.positionals,
    flags: parsed.values as Flags,
  };
}
