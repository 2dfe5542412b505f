/**
 * Service configuration parameters are checked against the form of their service on create and
 * update (territorial-admin.md section 4), except when the configuration hands its section to the
 * other level; a refusal is a 400 naming each parameter path and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { State } from '@portal/fixtures';
import type { RunningMockServer } from '../src/server.ts';
import { Client, startQuiet } from './helpers.ts';

let server: RunningMockServer;
let state: State;
beforeAll(async () => {
  server = await startQuiet();
  state = await new Client(server, 'configurations-seed').state();
});
afterAll(async () => server?.close());

const URL = '/api/external-apps/configuration';

async function fresh(name: string): Promise<Client> {
  const c = new Client(server, `configurations-${name}`);
  await c.raw('POST', '/__mock/reset');
  return c;
}

/** A community of contract 1 without a POWER_BI configuration. */
function orgWithoutPowerBi(): number {
  const org = state.tables.organizations.find(
    (o) =>
      o.contractId === 1 &&
      !state.tables.appConfigurations.some(
        (c) => c.ownerType === 'ORGANIZATION' && c.owner === o.id && c.name === 'POWER_BI',
      ),
  );
  if (!org) throw new Error('no organization without a POWER_BI configuration');
  return org.id;
}

const paths = (body: { errors?: { path: string }[] }) => (body.errors ?? []).map((e) => e.path).sort();

describe('creating a configuration', () => {
  it('refuses Power BI parameters without the button label and authentication mode, naming both, state unchanged', async () => {
    const c = await fresh('create-bi');
    const before = await c.stateText();
    const answer = await c.as('contract-admin', 'POST', URL, {
      name: 'POWER_BI',
      owner: orgWithoutPowerBi(),
      ownerType: 'ORGANIZATION',
      parameters: {},
    });
    expect(answer.status, answer.text).toBe(400);
    expect(typeof answer.body.message).toBe('string');
    expect(paths(answer.body)).toEqual(['parameters.authenticationMode', 'parameters.btnLabel']);
    expect(await c.stateText()).toBe(before);
  });

  it('refuses a blank button label and an unknown authentication mode', async () => {
    const c = await fresh('create-blank');
    const answer = await c.as('contract-admin', 'POST', URL, {
      name: 'POWER_BI',
      owner: orgWithoutPowerBi(),
      ownerType: 'ORGANIZATION',
      parameters: { btnLabel: '   ', authenticationMode: 'password' },
    });
    expect(answer.status, answer.text).toBe(400);
    expect(paths(answer.body)).toEqual(['parameters.authenticationMode', 'parameters.btnLabel']);
  });

  it('accepts complete parameters', async () => {
    const c = await fresh('create-ok');
    const answer = await c.as('contract-admin', 'POST', URL, {
      name: 'POWER_BI',
      owner: orgWithoutPowerBi(),
      ownerType: 'ORGANIZATION',
      parameters: { btnLabel: 'Rapports', authenticationMode: 'serviceprincipal' },
    });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.body.parameters).toEqual({ btnLabel: 'Rapports', authenticationMode: 'serviceprincipal' });
  });

  it('accepts empty parameters on an organization using the parent configuration', async () => {
    const c = await fresh('create-parent');
    const parent = state.tables.appConfigurations.find(
      (x) => x.ownerType === 'CONTRACT' && x.owner === 1 && x.name === 'POWER_BI',
    )!;
    const answer = await c.as('contract-admin', 'POST', URL, {
      name: 'POWER_BI',
      owner: orgWithoutPowerBi(),
      ownerType: 'ORGANIZATION',
      parameters: {},
      useParentConfiguration: true,
      parentConfiguration: parent.id,
    });
    expect(answer.status, answer.text).toBe(201);
  });

  it('checks a contract configuration unless it forces the child configuration', async () => {
    const c = await fresh('create-force');
    const refused = await c.as('contract-admin', 'POST', URL, {
      name: 'OPEN_API',
      owner: 1,
      ownerType: 'CONTRACT',
      parameters: {},
    });
    expect(refused.status, refused.text).toBe(400);
    expect(paths(refused.body)).toEqual(['parameters.btnLabel']);
    const forced = await c.as('contract-admin', 'POST', URL, {
      name: 'OPEN_API',
      owner: 1,
      ownerType: 'CONTRACT',
      parameters: {},
      forceChildConfiguration: true,
    });
    expect(forced.status, forced.text).toBe(201);
  });

  it('checks the external services picked by an organization', async () => {
    const c = await fresh('create-external');
    const org = state.tables.organizations.find(
      (o) =>
        o.contractId === 1 &&
        !state.tables.appConfigurations.some(
          (x) => x.ownerType === 'ORGANIZATION' && x.owner === o.id && x.name === 'EXTERNAL_SERVICES',
        ),
    )!;
    const refused = await c.as('contract-admin', 'POST', URL, {
      name: 'EXTERNAL_SERVICES',
      owner: org.id,
      ownerType: 'ORGANIZATION',
      parameters: { services: [7] },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(paths(refused.body)).toEqual(['parameters.services.0']);
  });

  it('leaves the parameters of a service without a form free', async () => {
    const c = await fresh('create-free');
    const answer = await c.as('contract-admin', 'POST', URL, {
      name: 'NO_FORM_SERVICE',
      owner: 1,
      ownerType: 'CONTRACT',
      parameters: {},
    });
    expect(answer.status, answer.text).toBe(201);
  });
});

describe('updating a configuration', () => {
  it('refuses to stop forcing the child configuration with empty parameters, state unchanged; saves complete ones', async () => {
    const c = await fresh('update');
    const saved = state.tables.appConfigurations.find(
      (x) => x.ownerType === 'CONTRACT' && x.owner === 1 && x.name === 'THINGS_BOARD',
    )!;
    expect(saved.forceChildConfiguration).toBe(true);
    const before = await c.stateText();
    const body = {
      name: saved.name,
      owner: saved.owner,
      ownerType: saved.ownerType,
      forceChildConfiguration: false,
    };
    const refused = await c.as('contract-admin', 'PUT', `${URL}/${saved.id}`, { ...body, parameters: {} });
    expect(refused.status, refused.text).toBe(400);
    expect(paths(refused.body)).toEqual(['parameters.btnLabel']);
    expect(await c.stateText()).toBe(before);
    const kept = await c.as('contract-admin', 'PUT', `${URL}/${saved.id}`, {
      ...body,
      forceChildConfiguration: true,
      parameters: {},
    });
    expect(kept.status, kept.text).toBe(200);
    const changed = await c.as('contract-admin', 'PUT', `${URL}/${saved.id}`, {
      ...body,
      parameters: { btnLabel: 'Objets' },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.parameters).toEqual({ btnLabel: 'Objets' });
  });

  it('refuses an organization configuration that stops using the parent without its own parameters', async () => {
    const c = await fresh('update-parent');
    const saved = state.tables.appConfigurations.find(
      (x) => x.ownerType === 'ORGANIZATION' && x.name === 'POWER_BI' && x.useParentConfiguration,
    )!;
    const before = await c.stateText();
    const answer = await c.as('contract-admin', 'PUT', `${URL}/${saved.id}`, {
      name: saved.name,
      owner: saved.owner,
      ownerType: saved.ownerType,
      parameters: { btnLabel: 'Rapports' },
      useParentConfiguration: false,
    });
    expect(answer.status, answer.text).toBe(400);
    expect(paths(answer.body)).toEqual(['parameters.authenticationMode']);
    expect(await c.stateText()).toBe(before);
  });
});
