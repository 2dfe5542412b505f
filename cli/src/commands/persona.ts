/** `portal persona list|login|create`: the named users of the loaded scenario. */
import { spawn } from 'node:child_process';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { PERSONA_ID_PATTERN, type ControlPersona as Persona } from '@portal/mock-server/control';
import { ControlClient } from '../lib/control-client.ts';
import { DEFAULT_PORTAL_URL, examples, fromEnv, idList, roleName, roles, url } from '../lib/options.ts';
import { OK, note, print, printJson, table } from '../lib/output.ts';

function portalUrlOf(opts: { portalUrl?: string }): string {
  return (opts.portalUrl ?? fromEnv('PORTAL_URL', url) ?? DEFAULT_PORTAL_URL).replace(/\/+$/, '');
}

/** The portal address that signs a persona in: the portal reads ?token= on arrival. */
function loginUrl(portalUrl: string, token: string): string {
  return `${portalUrl}/?token=${encodeURIComponent(token)}`;
}

export function registerPersona(program: Command): void {
  const persona = program
    .command('persona')
    .description('list personas, sign one in, create an ad-hoc one')
    .addHelpText(
      'after',
      examples(
        'portal persona list',
        'portal persona login contract-admin --open',
        'portal persona create --roles SIGNAL_NOTIFY,REQUEST --contract 1 --id qa-signal',
      ),
    );

  persona
    .command('list')
    .description('personas of the loaded scenario with their roles and contracts')
    .option('--role <role>', 'only personas holding this role', roleName)
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples('portal persona list', 'portal persona list --role ROLE_HYDRO', 'portal persona list --json'),
    )
    .action(async (opts: { role?: string; json?: boolean }, command: Command) => {
      const client = ControlClient.of(command);
      const all = await client.call('listPersonas');
      const list = opts.role ? all.filter((p) => p.roles.includes(opts.role as string)) : all;
      if (opts.json) return printJson(list);
      print(personaTable(list));
      print(
        `\n${list.length} persona${list.length === 1 ? '' : 's'}. Sign one in: portal persona login <id>`,
      );
    });

  persona
    .command('login')
    .description('print a portal address that signs the persona in (mints a token through the control API)')
    .argument('<persona>', 'persona id, such as agent or portal-admin')
    .addOption(
      new Option('--portal-url <url>', 'address of the portal (env PORTAL_URL)')
        .argParser(url)
        .default(undefined, DEFAULT_PORTAL_URL),
    )
    .option('--open', 'open the address in the browser (xdg-open / open)')
    .option('--json', 'print JSON: url, token, refreshToken, expiresAt')
    .addHelpText(
      'after',
      examples(
        'portal persona login agent',
        'portal persona login portal-admin --open',
        'portal persona login agent --portal-url http://localhost:5174 --json',
        'TOKEN=$(portal persona login agent --json | jq -r .token)',
      ),
    )
    .action(
      async (id: string, opts: { portalUrl?: string; open?: boolean; json?: boolean }, command: Command) => {
        const client = ControlClient.of(command);
        const minted = await client.call('mintToken', { params: { id } });
        const address = loginUrl(portalUrlOf(opts), minted.token);
        if (opts.json) printJson({ persona: id, url: address, ...minted });
        else {
          print(address);
          if (minted.expiresAt) note(`Signs in as ${id}; the token expires at ${minted.expiresAt}.`);
        }
        if (opts.open) openInBrowser(address);
      },
    );

  persona
    .command('create')
    .description('create an ad-hoc persona from a list of roles and contracts')
    .requiredOption('--roles <roles>', 'comma-separated roles (ROLE_ prefix optional)', roles)
    .requiredOption('--contract <ids>', 'comma-separated contract ids', idList)
    .option('--id <id>', 'persona id (default: chosen by the server)', personaId)
    .option('--first-name <name>', 'first name')
    .option('--last-name <name>', 'last name')
    .option('--email <email>', 'e-mail address')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples(
        'portal persona create --roles SIGNAL_NOTIFY --contract 1',
        'portal persona create --roles ROLE_USER,ROLE_HYDRO --contract 1,2 --id qa-hydro --first-name Ada',
      ),
    )
    .action(
      async (
        opts: {
          roles: string[];
          contract: number[];
          id?: string;
          firstName?: string;
          lastName?: string;
          email?: string;
          json?: boolean;
        },
        command: Command,
      ) => {
        const client = ControlClient.of(command);
        const created = await client.call('createPersona', {
          body: {
            ...(opts.id ? { id: opts.id } : {}),
            ...(opts.firstName ? { firstName: opts.firstName } : {}),
            ...(opts.lastName ? { lastName: opts.lastName } : {}),
            ...(opts.email ? { email: opts.email } : {}),
            roles: opts.roles,
            contractIds: [...new Set(opts.contract)],
          },
        });
        if (opts.json) return printJson(created);
        print(`${OK} Created persona ${created.id}`);
        print(personaTable([created]));
        print(`\nSign in: portal persona login ${created.id}`);
      },
    );
}

/** The id the mock takes (PERSONA_ID_PATTERN of the control table): refused here, not by the server. */
function personaId(value: string): string {
  if (!PERSONA_ID_PATTERN.test(value)) {
    throw new InvalidArgumentError('expected lower-case letters, digits, - or _ (at most 64)');
  }
  return value;
}

function personaTable(list: readonly Persona[]): string {
  return table(list, [
    { header: 'ID', value: (p) => p.id },
    { header: 'NAME', value: (p) => `${p.firstName} ${p.lastName}`.trim() },
    { header: 'EMAIL', value: (p) => p.email },
    { header: 'ROLES', value: (p) => p.roles.join(', ') },
    { header: 'CONTRACTS', value: (p) => p.contractIds.join(', ') || '-' },
  ]);
}

function openInBrowser(address: string): void {
  const opener =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    const child = spawn(opener, [address], { stdio: 'ignore', detached: true });
    child.on('error', () => note(`cannot run ${opener}: open the address above yourself.`));
    child.unref();
  } catch {
    note(`cannot run ${opener}: open the address above yourself.`);
  }
}
