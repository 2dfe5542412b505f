/** `portal contract-check`: does a backend (the real one included) answer what the contract says? */
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { ControlPersona as Persona } from '@portal/mock-server/control';
import { ControlClient } from '../lib/control-client.ts';
import type { CheckReport, CheckToken } from '../lib/contract-check.ts';
import { CliError, EXIT, UsageError } from '../lib/errors.ts';
import {
  examples,
  explicitMockUrlOf,
  integer,
  mockUrlOf,
  positiveInt,
  url,
  wordList,
} from '../lib/options.ts';
import { KO, OK, dim, green, note, print, printJson, progress, red } from '../lib/output.ts';

interface ContractCheckOptions {
  baseUrl?: string;
  token?: string[];
  persona?: string[];
  documentsUrl?: string;
  contractId?: number;
  only?: string[];
  siteCode: string;
  domain?: string;
  timeout: number;
  json?: boolean;
  junit?: string;
  mintFromMock?: boolean;
}

/** Tokens from --token, else minted through the mock's control API (--persona, or every persona). */
async function resolveTokens(
  opts: ContractCheckOptions,
  baseUrl: string,
  command: Command,
): Promise<CheckToken[]> {
  if (opts.token?.length) {
    if (opts.persona?.length) throw new UsageError('give --token or --persona, not both');
    return opts.token.map((token, i) => ({
      label: opts.token?.length === 1 ? 'token' : `token ${i + 1}`,
      token,
    }));
  }
  const explicitMock = explicitMockUrlOf(command);
  const client = new ControlClient((explicitMock ?? baseUrl).replace(/\/+$/, ''));
  // tokens minted by a mock go to that mock only, unless asked: a real backend never sees them
  if (new URL(client.baseUrl).origin !== new URL(baseUrl).origin && !opts.mintFromMock)
    throw new UsageError(
      `--token is required: ${baseUrl} is not the mock server (${client.baseUrl}) that would mint the tokens`,
      [
        "give the backend's own tokens with --token, or add --mint-from-mock to send tokens minted by the mock there",
      ],
    );
  let personas: Persona[];
  try {
    // a server that is down is a failure (exit 1); one that answers without a control API means
    // the caller had to give --token (exit 2)
    await client.open('listPersonas');
  } catch (error) {
    throw new CliError(
      `cannot reach the mock control API at ${client.baseUrl} to mint tokens`,
      EXIT.failure,
      [
        error instanceof CliError ? error.message : String(error),
        'start the mock server (`npx portal serve`), point at it with --mock-url, or give --token for a backend without one.',
      ],
    );
  }
  try {
    personas = await client.call('listPersonas');
  } catch (error) {
    throw new UsageError(
      `--token is required: no mock control API answered at ${client.baseUrl} to mint one`,
      [error instanceof CliError ? error.message : String(error)],
    );
  }
  let ids = personas.map((p) => p.id);
  if (opts.persona?.length) {
    const unknown = opts.persona.filter((id) => !ids.includes(id));
    if (unknown.length)
      throw new UsageError(`unknown persona ${unknown.join(', ')}`, [`personas: ${ids.join(', ')}`]);
    ids = opts.persona;
  } else {
    // the portal super admin first: it reaches every contract, so admin calls use it
    ids = [...ids.filter((id) => id === 'portal-admin'), ...ids.filter((id) => id !== 'portal-admin')];
  }
  const tokens: CheckToken[] = [];
  for (const id of ids) {
    const minted = await client.call('mintToken', { params: { id } });
    tokens.push({ label: id, token: minted.token });
  }
  return tokens;
}

export function registerContractCheck(program: Command): void {
  program
    .command('contract-check')
    .description(
      'call every read-only endpoint of the contract against a backend and compare status, headers and body',
    )
    .option('--base-url <url>', 'the backend to check (default: the mock server)', url)
    .option(
      '--token <token>',
      'bearer token (repeatable: each call uses a token whose roles allow it)',
      (v: string, prev: string[] = []) => [...prev, v],
    )
    .option(
      '--persona <ids>',
      'mock server only: mint tokens for these personas (default: every persona)',
      wordList,
    )
    .option('--documents-url <url>', 'the document service (default: <base-url>/documents)', url)
    .option(
      '--contract-id <n>',
      'contract to use for contract-scoped calls (default: the first one the user has)',
      positiveInt,
    )
    .option('--only <ids>', 'report only these endpoint ids (comma-separated)', wordList)
    .option('--site-code <code>', 'portal site code for the configuration calls', 'portal')
    .option('--domain <name>', 'domain name for the realm lookup (default: the base address host)')
    .option('--timeout <ms>', 'time limit of one call', integer(100, 600_000), 15_000)
    .option('--json', 'print the report as JSON')
    .option('--junit <file>', 'also write the report as JUnit XML (one test case per endpoint)')
    .option(
      '--mint-from-mock',
      'send tokens minted by the mock server (--mock-url) to another --base-url (never done unless asked)',
    )
    .addHelpText(
      'after',
      `${examples(
        'portal contract-check                                    # the local mock server, every persona',
        'portal contract-check --base-url https://api.example.org --token "$TOKEN"',
        'portal contract-check --base-url https://api.example.org --token "$ADMIN" --token "$AGENT" --contract-id 12',
        'portal contract-check --only listContracts,getContract --json',
        'portal contract-check --junit contract-check.xml                   # for CI',
        'portal contract-check --base-url http://localhost:8080 --mock-url http://localhost:3001 --mint-from-mock',
      )}\nOnly GET endpoints are called: nothing is written to the checked backend. Exit code 1 when any endpoint fails.\n`,
    )
    .action(async (opts: ContractCheckOptions, command: Command) => {
      // the endpoint table (zod schemas) loads only here: the other commands start faster without it
      const { checkContract, junitReport, readOnlyEndpointIds } = await import('../lib/contract-check.ts');
      const unknown = (opts.only ?? []).filter((id) => !readOnlyEndpointIds.includes(id));
      if (unknown.length) {
        throw new UsageError(
          `option '--only <ids>': not a GET endpoint of the contract: ${unknown.join(', ')}`,
          [`endpoints: ${readOnlyEndpointIds.join(', ')}`],
        );
      }
      const mockUrl = mockUrlOf(command);
      const baseUrl = (opts.baseUrl ?? mockUrl).replace(/\/+$/, '');
      const tokens = await resolveTokens(opts, baseUrl, command);
      const bar = opts.json ? undefined : progress(`Checking ${baseUrl} against the contract`);
      let report: CheckReport;
      try {
        report = await checkContract({
          baseUrl,
          documentsUrl: (opts.documentsUrl ?? `${baseUrl}/documents`).replace(/\/+$/, ''),
          tokens,
          contractId: opts.contractId,
          siteCode: opts.siteCode,
          domain: opts.domain ?? new URL(baseUrl).hostname,
          timeoutMs: opts.timeout,
          only: opts.only ? new Set(opts.only) : undefined,
          onProgress: (done, total, id) => bar?.update(`${done}/${total} ${id}`),
        });
      } finally {
        bar?.done();
      }
      if (opts.junit) await writeFile(opts.junit, junitReport(report));
      if (opts.json) printJson(report);
      else if (report.diagnosis) {
        // every call failed alike: the cause in one line, not one failure per endpoint under it
        const { passed, failed, skipped } = report.summary;
        print(red(report.diagnosis));
        print(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
        if (opts.junit) note(`JUnit report: ${opts.junit}`);
        note('Each call is in --json (or the JUnit report).');
      } else {
        const width = Math.max(...report.results.map((r) => r.id.length));
        for (const r of report.results) {
          if (r.outcome === 'skip') {
            print(
              `${dim('-')} ${r.id.padEnd(width)}  ${r.method} ${r.path}  ${dim(`skipped: ${r.reason ?? ''}`)}`,
            );
            continue;
          }
          const mark = r.outcome === 'pass' ? green(OK) : red(KO);
          print(
            `${mark} ${r.id.padEnd(width)}  ${r.method} ${r.path}  ${r.status ?? '-'}  ${dim(`${r.durationMs ?? '-'} ms as ${r.as ?? '-'}`)}`,
          );
          for (const problem of r.problems) print(`    ${problem}`);
        }
        const { passed, failed, skipped } = report.summary;
        print(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
        if (opts.junit) note(`JUnit report: ${opts.junit}`);
        if (failed) note(`${failed} endpoint(s) differ from the contract.`);
      }
      if (report.summary.failed > 0) process.exitCode = 1;
    });
}
