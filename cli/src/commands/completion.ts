/** `portal completion bash|zsh|fish`: a completion script built from the program's own commands. */
import { Argument, type Command } from 'commander';
import { examples } from '../lib/options.ts';

interface Entry {
  /** "fault add" */
  path: string;
  subcommands: string[];
  options: string[];
}

/** Every command and subcommand with its options, from the program itself (never out of date). */
function commandTree(program: Command): Entry[] {
  const entries: Entry[] = [];
  const walk = (command: Command, prefix: string[]) => {
    entries.push({
      path: prefix.join(' '),
      subcommands: command.commands.map((c) => c.name()),
      options: [...command.options.map((o) => o.long ?? ''), '--help'].filter(Boolean),
    });
    for (const child of command.commands) walk(child, [...prefix, child.name()]);
  };
  walk(program, []);
  return entries;
}

function bash(program: Command): string {
  const cases = commandTree(program)
    .map((e) => `    "${e.path}") words="${[...e.subcommands, ...e.options].join(' ')}" ;;`)
    .join('\n');
  return `# portal completion for bash: eval "$(npx portal completion bash)"
_portal() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" word words=""
  for word in "\${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
    case "$word" in -*) ;; *) [ -n "$(_portal_words "\${path:+$path }$word")" ] && path="\${path:+$path }$word" ;; esac
  done
  words="$(_portal_words "$path")"
  COMPREPLY=( $(compgen -W "$words" -- "$cur") )
}
_portal_words() {
  local words=""
  case "$1" in
${cases}
  esac
  echo "$words"
}
complete -F _portal portal
`;
}

function zsh(program: Command): string {
  return `# portal completion for zsh: eval "$(npx portal completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bash(program)}`;
}

function fish(program: Command): string {
  const lines = [
    '# portal completion for fish: npx portal completion fish | source',
    'complete -c portal -f',
  ];
  for (const entry of commandTree(program)) {
    const words = entry.path ? entry.path.split(' ') : [];
    const condition = words.length ? `__fish_seen_subcommand_from ${words.at(-1)}` : '__fish_use_subcommand';
    if (entry.subcommands.length)
      lines.push(`complete -c portal -n '${condition}' -a '${entry.subcommands.join(' ')}'`);
    for (const option of entry.options)
      lines.push(`complete -c portal -n '${condition}' -l ${option.slice(2)}`);
  }
  return `${lines.join('\n')}\n`;
}

export function registerCompletion(program: Command): void {
  program
    .command('completion')
    .description('print a shell completion script for portal')
    .addArgument(new Argument('<shell>', 'the shell').choices(['bash', 'zsh', 'fish']))
    .addHelpText(
      'after',
      examples(
        'portal completion bash     # in ~/.bashrc: eval "$(npx portal completion bash)"',
        'portal completion zsh      # in ~/.zshrc: eval "$(npx portal completion zsh)"',
        'portal completion fish     # in ~/.config/fish/config.fish: npx portal completion fish | source',
      ),
    )
    .action((shell: 'bash' | 'zsh' | 'fish') => {
      process.stdout.write(shell === 'bash' ? bash(program) : shell === 'zsh' ? zsh(program) : fish(program));
    });
}
