import fs from 'node:fs';
import { DOCKERFILE } from './paths.js';

export interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

export interface Stage {
  readonly name: string;
  /** The base: an image reference (ARGs resolved) or an earlier stage's name. */
  readonly from: string;
  readonly instructions: readonly Instruction[];
}

/** The instructions of a Dockerfile, line continuations joined, comments dropped. */
function instructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (!pending && (line.trim() === '' || line.trimStart().startsWith('#'))) continue;
    if (pending && line.trimStart().startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' ';
      continue;
    }
    const full = (pending + line).trim();
    pending = '';
    const m = /^(\S+)\s*(.*)$/s.exec(full);
    if (m) out.push({ keyword: m[1]!.toUpperCase(), args: m[2]!.trim() });
  }
  return out;
}

/** `KEY=value KEY2="a b"` as a map. */
function parseEnvArgs(args: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const m of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    const value = m[2]!;
    env[m[1]!] = value.startsWith('"') ? (JSON.parse(value) as string) : value;
  }
  return env;
}

export class Dockerfile {
  readonly stages: Stage[] = [];
  readonly args: Record<string, string> = {};

  constructor(readonly text: string) {
    let current: { name: string; from: string; instructions: Instruction[] } | undefined;
    for (const ins of instructions(text)) {
      if (ins.keyword === 'FROM') {
        const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args);
        if (!m) throw new Error(`unreadable FROM ${ins.args}`);
        const from = m[1]!.replace(/\$\{(\w+)\}/g, (_s, name: string) => this.args[name] ?? '');
        current = { name: m[2] ?? `#${this.stages.length}`, from, instructions: [] };
        this.stages.push(current);
      } else if (!current && ins.keyword === 'ARG') {
        Object.assign(this.args, parseEnvArgs(ins.args));
      } else if (current) {
        current.instructions.push(ins);
      }
    }
  }

  static read(file = DOCKERFILE): Dockerfile {
    return new Dockerfile(fs.readFileSync(file, 'utf8'));
  }

  stage(name: string): Stage {
    const stage = this.stages.find((s) => s.name === name);
    if (!stage) throw new Error(`the Dockerfile has no stage named ${name}`);
    return stage;
  }

  /** The image a stage ends up on (following earlier stages it is built FROM). */
  baseImage(name: string): string {
    const stage = this.stage(name);
    return this.stages.some((s) => s.name === stage.from) ? this.baseImage(stage.from) : stage.from;
  }

  private all(name: string, keyword: string): Instruction[] {
    const stage = this.stage(name);
    const inherited = this.stages.some((s) => s.name === stage.from)
      ? this.all(stage.from, keyword)
      : [];
    return [...inherited, ...stage.instructions.filter((i) => i.keyword === keyword)];
  }

  /** The environment a stage's containers start with (its ENVs and its parents'). */
  env(name: string): Record<string, string> {
    return Object.assign({}, ...this.all(name, 'ENV').map((i) => parseEnvArgs(i.args))) as Record<
      string,
      string
    >;
  }

  /** The last USER of the stage: who its process runs as. */
  user(name: string): string | undefined {
    return this.all(name, 'USER').at(-1)?.args;
  }

  /** CMD in exec form. */
  cmd(name: string): string[] {
    const cmd = this.all(name, 'CMD').at(-1);
    if (!cmd) throw new Error(`stage ${name} has no CMD`);
    return JSON.parse(cmd.args) as string[];
  }

  /** HEALTHCHECK: its options and its command (exec form array, or a shell line). */
  healthcheck(name: string): { options: string; command: string[] | string } | undefined {
    const hc = this.all(name, 'HEALTHCHECK').at(-1);
    if (!hc) return undefined;
    const m = /^(.*?)\bCMD\s+(.*)$/s.exec(hc.args);
    if (!m) throw new Error(`unreadable HEALTHCHECK ${hc.args}`);
    const command = m[2]!.trim();
    return {
      options: m[1]!.trim(),
      command: command.startsWith('[') ? (JSON.parse(command) as string[]) : command,
    };
  }

  runs(name: string): string[] {
    return this.stage(name)
      .instructions.filter((i) => i.keyword === 'RUN')
      .map((i) => i.args);
  }

  copies(name: string): string[] {
    return this.stage(name)
      .instructions.filter((i) => i.keyword === 'COPY')
      .map((i) => i.args);
  }
}
