import { describe, expect, it } from 'vitest';
import { DEAD_URL, cli, json } from './helpers.ts';
import { useMockServer } from './mock.ts';

const { mock, api, run } = useMockServer();

function claims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
}

describe('portal persona', () => {
  it('lists personas with their roles and contracts', async () => {
    const human = await run('persona', 'list');
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/ID\s+NAME\s+EMAIL\s+ROLES\s+CONTRACTS/);
    expect(human.stdout).toMatch(/^portal-admin\s.*ROLE_SUPER_ADMIN_PORTAL_VA\s+1, 2, 3$/m);
    expect(human.stdout).toMatch(/^no-contract\s.*ROLE_USER\s+-$/m);

    const list = json<{ id: string; roles: string[]; contractIds: number[] }[]>(
      await run('persona', 'list', '--json'),
    );
    expect(list).toEqual(await api.get('/__mock/personas'));
    expect(list.find((p) => p.id === 'multi-contract')?.contractIds).toEqual([1, 2, 3]);

    const hydro = json<{ id: string }[]>(await run('persona', 'list', '--role', 'hydro', '--json'));
    expect(hydro.map((p) => p.id).sort()).toEqual(['dashboard-all', 'hydro-agent']);
  });

  it('login prints a portal address carrying a token that signs the persona in', async () => {
    const result = await run('persona', 'login', 'agent');
    expect(result.code).toBe(0);
    const address = result.stdout.trim();
    expect(address).toMatch(/^http:\/\/localhost:5173\/\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
    const token = new URL(address).searchParams.get('token') as string;
    const persona = (await api.get<{ id: string; email: string }[]>('/__mock/personas')).find(
      (p) => p.id === 'agent',
    );
    expect(claims(token)).toMatchObject({ email: persona?.email, typ: 'access' });
    const check = await fetch(`${mock.url}/api/token-check`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(check.status).toBe(200);
    expect(((await check.json()) as { email: string }).email).toBe(persona?.email);
  });

  it('login uses --portal-url or PORTAL_URL, and --json gives the token', async () => {
    const custom = await run('persona', 'login', 'portal-admin', '--portal-url', 'http://localhost:5174/');
    expect(custom.stdout).toMatch(/^http:\/\/localhost:5174\/\?token=/);
    const fromEnv = await cli(['persona', 'login', 'agent', '--mock-url', mock.url], {
      env: { PORTAL_URL: 'http://127.0.0.1:8080' },
    });
    expect(fromEnv.stdout).toMatch(/^http:\/\/127\.0\.0\.1:8080\/\?token=/);
    const data = json(await run('persona', 'login', 'agent', '--json'));
    expect(data).toMatchObject({ persona: 'agent' });
    expect(data.url).toBe(`http://localhost:5173/?token=${data.token}`);
    expect(typeof data.refreshToken).toBe('string');
  });

  it('login of an unknown persona is refused (exit 2) with the server message', async () => {
    const result = await run('persona', 'login', 'nobody');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('/__mock/personas/nobody/token answered 404');
  });

  it('creates an ad-hoc persona from roles and contracts', async () => {
    const result = await run(
      'persona',
      'create',
      '--roles',
      'signal_notify,ROLE_HYDRO',
      '--contract',
      '1,2',
      '--id',
      'qa-hydro',
      '--first-name',
      'Ada',
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Created persona qa-hydro');
    expect(result.stdout).toMatch(/^qa-hydro\s+Ada.*ROLE_SIGNAL_NOTIFY, ROLE_HYDRO\s+1, 2$/m);
    const created = (
      await api.get<{ id: string; roles: string[]; contractIds: number[]; firstName: string }[]>(
        '/__mock/personas',
      )
    ).find((p) => p.id === 'qa-hydro');
    expect(created).toMatchObject({ firstName: 'Ada', contractIds: [1, 2] });
    expect(created?.roles).toEqual(expect.arrayContaining(['ROLE_SIGNAL_NOTIFY', 'ROLE_HYDRO']));
    // the new persona can sign in
    expect((await run('persona', 'login', 'qa-hydro')).code).toBe(0);

    const viaJson = json(await run('persona', 'create', '--roles', 'ROLE_USER', '--contract', '3', '--json'));
    expect(viaJson.roles).toContain('ROLE_USER');
    expect(viaJson.contractIds).toEqual([3]);
  });

  it('refuses bad arguments with exit 2 and creates nothing', async () => {
    const before = (await api.get<unknown[]>('/__mock/personas')).length;
    const [badRole, noContract, badContract, badId, noPersona] = await Promise.all([
      run('persona', 'create', '--roles', 'ROLE_WIZARD', '--contract', '1'),
      run('persona', 'create', '--roles', 'ROLE_USER'),
      run('persona', 'create', '--roles', 'ROLE_USER', '--contract', 'one'),
      run('persona', 'create', '--roles', 'ROLE_USER', '--contract', '1', '--id', 'a b'),
      run('persona', 'login'),
    ]);
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain('unknown role "ROLE_WIZARD"');
    expect(noContract.code).toBe(2);
    expect(noContract.stderr).toContain("required option '--contract <ids>' not specified");
    expect(badContract.code).toBe(2);
    expect(badId.code).toBe(2);
    expect(noPersona.code).toBe(2);
    expect((await api.get<unknown[]>('/__mock/personas')).length).toBe(before);
  });
});

describe('portal role', () => {
  it('shows the roles of a user and the routes they open', async () => {
    const human = await run('role', 'show', 'works-planner');
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('Roles: ROLE_PUBLIC_SPACE_PLANNER');
    expect(human.stdout).toContain('/travaux');
    const data = json(await run('role', 'show', 'works-planner', '--json'));
    expect(data.roles).toEqual(['ROLE_PUBLIC_SPACE_PLANNER']);
    expect(data.routes).toContain('/travaux/nouveau');
    expect(data.routes).not.toContain('/admin/contrat');
  });

  it('adds, removes and sets roles, shows the effect, and the server applies it', async () => {
    const added = await run('role', 'add', 'agent', 'SIGNAL_NOTIFY', 'request');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('+ ROLE_SIGNAL_NOTIFY');
    expect(added.stdout).toContain('+ ROLE_REQUEST');
    expect(added.stdout).toMatch(/now opens: .*\/signalement\/signaler/);
    expect((await api.get('/__mock/users/agent/roles')).roles).toEqual(
      expect.arrayContaining(['ROLE_USER', 'ROLE_SIGNAL_NOTIFY', 'ROLE_REQUEST']),
    );
    // the server decides with the new roles at once
    expect((await api.api('/api/signal-category?contract=1', 'agent')).status).toBe(200);

    const removed = await run('role', 'remove', 'agent', 'ROLE_SIGNAL_NOTIFY', '--json');
    expect(removed.code).toBe(0);
    const diff = json(removed);
    expect(diff.removed).toEqual(['ROLE_SIGNAL_NOTIFY']);
    expect(diff.routesRefused).toContain('/signalement');
    expect(diff.roles).not.toContain('ROLE_SIGNAL_NOTIFY');
    expect((await api.api('/api/signal-category?contract=1', 'agent')).status).toBe(403);

    const set = await run('role', 'set', 'agent', 'ROLE_USER');
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('- ROLE_REQUEST');
    expect((await api.get('/__mock/users/agent/roles')).roles).toEqual(['ROLE_USER']);
  });

  it('refuses an unknown role and an unknown user (exit 2), changing nothing', async () => {
    const badRole = await run('role', 'add', 'agent', 'ROLE_WIZARD');
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain('unknown role "ROLE_WIZARD"');
    expect((await api.get('/__mock/users/agent/roles')).roles).toEqual(['ROLE_USER']);
    const noRoles = await run('role', 'add', 'agent');
    expect(noRoles.code).toBe(2);
    const unknownUser = await run('role', 'show', 'nobody@nowhere.test');
    expect(unknownUser.code).toBe(2);
    expect(unknownUser.stderr).toContain('answered 404');
  });

  it('says when the mock server cannot be reached', async () => {
    const commands = [
      ['persona', 'list'],
      ['persona', 'login', 'agent'],
      ['role', 'show', 'agent'],
      ['role', 'add', 'agent', 'ROLE_USER'],
    ];
    const results = await Promise.all(commands.map((args) => cli([...args, '--mock-url', DEAD_URL])));
    results.forEach((result, i) => {
      expect(result.code, commands[i]!.join(' ')).toBe(1);
      expect(result.stderr).toContain(`cannot reach the mock server at ${DEAD_URL}`);
    });
  });
});
