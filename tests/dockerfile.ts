// A small Dockerfile reader for the static checks: instructions with their line continuations
// joined, comments dropped, grouped by build stage.

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

export interface Stage {
  from: string;
  name: string | null;
  instructions: Instruction[];
}

export function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  const lines = text.split('\n');
  let buffer = '';
  let start = 0;
  lines.forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (buffer === '' && /^\s*(#|$)/.test(line)) return;
    if (buffer !== '' && /^\s*#/.test(line)) return; // comment inside a continuation
    if (buffer === '') start = index + 1;
    if (line.endsWith('\\')) {
      buffer += `${line.slice(0, -1)} `;
      return;
    }
    buffer += line;
    const match = /^\s*([A-Za-z]+)\s+([\s\S]*)$/.exec(buffer);
    if (match?.[1] && match[2] !== undefined) {
      out.push({ keyword: match[1].toUpperCase(), args: match[2].trim(), line: start });
    }
    buffer = '';
  });
  return out;
}

export function stages(instructions: Instruction[]): Stage[] {
  const out: Stage[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const match = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?/i.exec(instruction.args);
      out.push({ from: match?.[1] ?? '', name: match?.[2] ?? null, instructions: [] });
    } else {
      out.at(-1)?.instructions.push(instruction);
    }
  }
  return out;
}

/** Sources and destination of a COPY/ADD, with its --flags. */
export function copyArgs(args: string): { flags: Record<string, string>; sources: string[]; dest: string } {
  let words: string[];
  const trimmed = args.trim();
  if (trimmed.startsWith('[')) {
    words = JSON.parse(trimmed) as string[];
  } else {
    words = trimmed.split(/\s+/);
  }
  const flags: Record<string, string> = {};
  while (words[0]?.startsWith('--')) {
    const flag = words.shift() as string;
    const [key, value] = flag.slice(2).split('=');
    flags[key ?? ''] = value ?? '';
  }
  const dest = words.pop() ?? '';
  return { flags, sources: words, dest };
}

/** The argv of an exec-form (JSON array) instruction, or the shell words of a shell-form one. */
export function commandWords(args: string): string[] {
  const trimmed = args.trim();
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as string[];
  return trimmed.split(/\s+/);
}
