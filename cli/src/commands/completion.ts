/**
 * `portal completion bash|zsh|fish`: a completion script built from the program's own commands,
 * options and arguments (never out of date), with the values they take from the sources the
 * commands use: persona ids and scenario names of the fixtures, role names of the contract, the
 * suite folders of e2e/tests, and every option's or argument's choices (latency profiles and
 * distributions, ...).
 */
import { Argument, type Command, type Option } from 'commander';
import { ALL_ROLES } from '@portal/contract/roles';
import { examples } from '../lib/options.ts';
import { suites } from '../lib/suites.ts';

/** Where option and argument values come from. */
interface ValueSources {
  personas: readonly string[];
  scenarios: readonly string[];
  suites: readonly string[];
  roles: readonly string[];
}

interface Entry {
  /** "fault add" */
  path: string;
  subcommands: string[];
  options: string[];
  /** the options that take a value, with the values known for them */
  values: Map<string, readonly string[]>;
  /** the values of each positional argument, in order (the last one repeats when variadic) */
  args: (readonly string[])[];
  variadic: boolean;
}

/** The values an option takes, if known. `--scenario` is a fixture scenario for serve and test only (a rule's scenario elsewhere). */
function optionValues(path: string, option: Option, sources: ValueSources): readonly string[] {
  if (option.argChoices) return option.argChoices;
  if (option.long === '--persona') return sources.personas;
  if (option.long === '--suite') return sources.suites;
  if (option.long === '--scenario' && (path === 'serve' || path === 'test')) return sources.scenarios;
  return [];
}

/** The values an argument takes, if known. */
function argumentValues(path: string, arg: Argument, sources: ValueSources): readonly string[] {
  if (arg.argChoices) return arg.argChoices;
  const name = arg.name();
  if (name === 'persona' || name === 'user') return sources.personas;
  if (name === 'roles') return sources.roles;
  if (path === 'scenario load') return sources.scenarios;
  if (path === 'journal capture') return ['headers', 'bodies', 'headers,bodies', 'off'];
  return [];
}

/** Every command and subcommand with its options and argument values, from the program itself. */
function commandTree(program: Command, sources: ValueSources): Entry[] {
  const entries: Entry[] = [];
  const walk = (command: Command, prefix: string[]) => {
    const path = prefix.join(' ');
    const values = new Map<string, readonly string[]>();
    for (const option of command.options)
      if (option.long && (option.required || option.optional))
        values.set(option.long, optionValues(path, option, sources));
    entries.push({
      path,
      subcommands: command.commands.map((c) => c.name()),
      options: [...command.options.map((o) => o.long ?? ''), '--help'].filter(Boolean),
      values,
      args: command.registeredArguments.map((arg) => argumentValues(path, arg, sources)),
      variadic: command.registeredArguments.at(-1)?.variadic ?? false,
    });
    for (const child of command.commands) walk(child, [...prefix, child.name()]);
  };
  walk(program, []);
  return entries;
}

/** Bash `case` lines giving the values of each option (`path|--option`) and argument (`path#index`). */
function valueCases(entries: readonly Entry[]): string {
  const lines: string[] = [];
  const line = (pattern: string, words: readonly string[]) => {
    if (words.length) lines.push(`    ${pattern}) words="${words.join(' ')}" ;;`);
  };
  for (const entry of entries) {
    for (const [option, words] of entry.values) line(`"${entry.path}|${option}"`, words);
    entry.args.forEach((words, index) => line(`"${entry.path}#${index}"`, words));
    const last = entry.args.at(-1);
    if (entry.variadic && last) line(`"${entry.path}#"*`, last);
  }
  return lines.join('\n');
}

function bash(entries: readonly Entry[]): string {
  const cases = entries
    .map((e) => `    "${e.path}") words="${[...e.subcommands, ...e.options].join(' ')}" ;;`)
    .join('\n');
  const valued = [...new Set(entries.flatMap((e) => [...e.values.keys()]))].sort().join(' ');
  return `# portal completion for bash: eval "$(npx portal completion bash)"
_portal_valued=" ${valued} "
_portal() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" word words="" argn=0 value=""
  for word in "\${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    if [ -n "$value" ]; then value=""; continue; fi
    case "$word" in
      -*=*) ;;
      -*) case "$_portal_valued" in *" $word "*) value="$word" ;; esac ;;
      *) if [ -n "$(_portal_words "\${path:+$path }$word")" ]; then path="\${path:+$path }$word"; argn=0; else argn=$((argn + 1)); fi ;;
    esac
  done
  if [ -n "$value" ]; then
    words="$(_portal_values "$path|$value")"
  else
    words="$(_portal_words "$path") $(_portal_values "$path#$argn")"
  fi
  COMPREPLY=( $(compgen -W "$words" -- "$cur") )
}
_portal_words() {
  local words=""
  case "$1" in
${cases}
  esac
  echo "$words"
}
_portal_values() {
  local words=""
  case "$1" in
${valueCases(entries)}
  esac
  echo "$words"
}
complete -F _portal portal
`;
}

function zsh(entries: readonly Entry[]): string {
  return `# portal completion for zsh: eval "$(npx portal completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bash(entries)}`;
}

function fish(entries: readonly Entry[]): string {
  const lines = [
    '# portal completion for fish: npx portal completion fish | source',
    'complete -c portal -f',
  ];
  for (const entry of entries) {
    const words = entry.path ? entry.path.split(' ') : [];
    const condition = words.length ? `__fish_seen_subcommand_from ${words.at(-1)}` : '__fish_use_subcommand';
    const argValues = [...new Set(entry.args.flat())];
    if (entry.subcommands.length || argValues.length)
      lines.push(
        `complete -c portal -n '${condition}' -a '${[...entry.subcommands, ...argValues].join(' ')}'`,
      );
    for (const option of entry.options) {
      const values = entry.values.get(option);
      const takes = values?.length ? ` -x -a '${values.join(' ')}'` : values ? ' -r' : '';
      lines.push(`complete -c portal -n '${condition}' -l ${option.slice(2)}${takes}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The values of the fixtures (loaded here only: they pull in Faker, which other commands never need). */
async function valueSources(): Promise<ValueSources> {
  const { PERSONAS, scenarioNames } = await import('@portal/fixtures');
  return {
    personas: PERSONAS.map((p) => p.id),
    scenarios: scenarioNames,
    suites: suites(),
    roles: ALL_ROLES,
  };
}

export function registerCompletion(program: Command): void {
  program
    .command('completion')
    .description('print a shell completion script for portal (commands, options and their values)')
    .addArgument(new Argument('<shell>', 'the shell').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      examples(
        'portal completion bash     # in ~/.bashrc: eval "$(npx portal completion bash)"',
        'portal completion zsh      # in ~/.zshrc: eval "$(npx portal completion zsh)"',
        'portal completion fish     # in ~/.config/fish/config.fish: npx portal completion fish | source',
      ),
    )
    .action(async (shell: 'bash' | 'zsh' | 'fish') => {
      const entries = commandTree(program, await valueSources());
      process.stdout.write(shell === 'bash' ? bash(entries) : shell === 'zsh' ? zsh(entries) : fish(entries));
    });
}
