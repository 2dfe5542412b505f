/** `portal role show|add|remove|set`: switch a user's roles on the mock server and show the effect. */
import type { Command } from 'commander';
import { granted } from '@portal/contract/permissions';
import { routeRules } from '@portal/contract/routes';
import { ControlClient } from '../lib/control-client.ts';
import { examples, roles } from '../lib/options.ts';
import { OK, green, print, printJson, red } from '../lib/output.ts';

/** Routes of the route table (signed-in shell only) that the roles open. */
function openRoutes(userRoles: readonly string[]): string[] {
  return routeRules
    .filter((rule) => !rule.public && granted({ roles: userRoles }, rule.rights))
    .map((rule) => rule.path);
}

function effect(before: readonly string[], after: readonly string[]) {
  const routesBefore = new Set(openRoutes(before));
  const routesAfter = new Set(openRoutes(after));
  return {
    added: after.filter((r) => !before.includes(r)),
    removed: before.filter((r) => !after.includes(r)),
    routesGranted: [...routesAfter].filter((r) => !routesBefore.has(r)),
    routesRefused: [...routesBefore].filter((r) => !routesAfter.has(r)),
  };
}

export function registerRole(program: Command): void {
  const role = program
    .command('role')
    .description("show or change a user's roles (role switching) and the routes that opens or closes")
    .addHelpText(
      'after',
      examples(
        'portal role show agent',
        'portal role add agent SIGNAL_NOTIFY ROLE_REQUEST',
        'portal role remove agent@portal.test ROLE_SIGNAL_NOTIFY',
        'portal role set 42 ROLE_USER',
      ),
    );
  const userArg = '<user>';
  const userHelp = 'persona id, user id or e-mail address';

  role
    .command('show')
    .description("a user's roles and the routes they open")
    .argument(userArg, userHelp)
    .option('--json', 'print JSON')
    .addHelpText('after', examples('portal role show agent', 'portal role show agent --json'))
    .action(async (user: string, opts: { json?: boolean }, command: Command) => {
      const client = ControlClient.of(command);
      const answer = await client.call('getRoles', { params: { idOrEmail: user } });
      const routes = openRoutes(answer.roles);
      if (opts.json) return printJson({ ...answer, routes });
      print(`${answer.email} (user ${answer.userId})`);
      print(`Roles: ${answer.roles.join(', ') || '(none)'}`);
      print(`Routes opened (${routes.length}): ${routes.join(' ')}`);
    });

  const change = (name: 'add' | 'remove' | 'set', description: string, example: string) =>
    role
      .command(name)
      .description(description)
      .argument(userArg, userHelp)
      .argument('<roles...>', 'roles, ROLE_ prefix optional (space or comma separated)', roles)
      .option('--json', 'print JSON')
      .addHelpText('after', examples(example))
      .action(async (user: string, list: string[], opts: { json?: boolean }, command: Command) => {
        const client = ControlClient.of(command);
        const params = { idOrEmail: user };
        const before = await client.call('getRoles', { params });
        const after = await client.call('changeRoles', { params, body: { [name]: list } });
        const diff = effect(before.roles, after.roles);
        if (opts.json) return printJson({ ...after, before: before.roles, ...diff });
        print(`${OK} ${after.email} (user ${after.userId}): ${after.roles.join(', ') || '(no role)'}`);
        if (!diff.added.length && !diff.removed.length) print('  no change');
        for (const r of diff.added) print(green(`  + ${r}`));
        for (const r of diff.removed) print(red(`  - ${r}`));
        if (diff.routesGranted.length) print(`  now opens: ${diff.routesGranted.join(' ')}`);
        if (diff.routesRefused.length) print(`  now refused: ${diff.routesRefused.join(' ')}`);
        print(
          '  The server applies it at once; reload the portal to see it (it reads the roles at the token check).',
        );
      });

  change('add', 'add roles to a user', 'portal role add agent SIGNAL_NOTIFY,REQUEST');
  change('remove', 'remove roles from a user', 'portal role remove agent ROLE_SIGNAL_NOTIFY');
  change('set', "replace a user's roles", 'portal role set agent ROLE_USER ROLE_HYDRO');
}
