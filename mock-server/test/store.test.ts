/** Store operations as plain functions over the state, without HTTP. */
import { describe, expect, it } from 'vitest';
import { buildScenario } from '@portal/fixtures';
import { compileGlob } from '../control-api/schemas.ts';
import { MockRules } from '../src/runtime/rules.ts';
import { Journal } from '../src/runtime/journal.ts';
import { validateImportedState } from '../src/runtime/state-io.ts';
import { signToken, verifyToken } from '../src/auth/jwt.ts';
import { createDb, getRow, rows } from '../src/store/db.ts';
import { ApiFailure } from '../src/store/errors.ts';
import {
  createOrganization,
  deleteOrganization,
  listOrganizations,
  organizationUserCounts,
} from '../src/store/territory.ts';
import { parseQuery } from '../src/app.ts';
import { calendarEvents, createRequestType, requestTypes } from '../src/store/operations.ts';

const fresh = () => createDb(buildScenario('default', 42, { today: '2026-06-15' }));

describe('store', () => {
  it('creates an operator with a new legal entity, then deletes it and its memberships', () => {
    const db = fresh();
    const admin = rows(db, 'users').find((u) => u.personaId === 'contract-admin')!;
    const before = listOrganizations(db, admin, 1, { type: 'Operator' }).length;
    const org = createOrganization(db, 1, {
      label: 'Exploitant X',
      type: 'Operator',
      startDate: '2026-01-01',
      endDate: '2027-01-01',
      area: [1],
      category: [],
      organizationContractService: [],
      legalEntity: 'X SAS',
    });
    expect(org.metadatas.operatorContractEnd).toBe('2027-01-01');
    expect(getRow(db, 'legalEntities', org.legalEntityId!)?.label).toBe('X SAS');
    expect(listOrganizations(db, admin, 1, { type: 'Operator' })).toHaveLength(before + 1);
    const member = rows(db, 'users').find((u) => u.contractIds.includes(1) && !u.personaId)!;
    member.organizationIds.push(org.id);
    db.version++;
    expect(organizationUserCounts(db, admin, 1, [org.id])).toEqual([{ id: org.id, count: 1 }]);
    deleteOrganization(db, org.id);
    expect(member.organizationIds).not.toContain(org.id);
    expect(listOrganizations(db, admin, 1, { type: 'Operator' })).toHaveLength(before);
  });

  it('answers a repeated search from memory until the next write, and past its bound', () => {
    const db = fresh();
    const admin = rows(db, 'users').find((u) => u.personaId === 'contract-admin')!;
    const first = listOrganizations(db, admin, 1, { q: 'ville' });
    expect(first.length).toBeGreaterThan(0);
    expect(listOrganizations(db, admin, 1, { q: 'VILLE ' })).toBe(first);
    // more different searches than are remembered: each answer still matches its search
    for (let n = 0; n < 100; n++)
      for (const org of listOrganizations(db, admin, 1, { q: `e${n % 10}` }))
        expect(org.label.toLowerCase()).toContain(`e${n % 10}`);
    createOrganization(db, 1, {
      label: 'Ville nouvelle',
      type: 'Community',
      area: [],
      category: [],
      organizationContractService: [],
    });
    const after = listOrganizations(db, admin, 1, { q: 'ville' });
    expect(after.map((org) => org.label)).toContain('Ville nouvelle');
    expect(after).toHaveLength(first.length + 1);
  });

  it('refuses an area of another contract with a 400 naming the field, without change', () => {
    const db = fresh();
    const foreignArea = rows(db, 'areas').find((a) => a.contractId === 2)!;
    const count = rows(db, 'organizations').length;
    try {
      createOrganization(db, 1, {
        label: 'Y',
        type: 'Community',
        area: [foreignArea.id],
        category: [],
        organizationContractService: [],
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiFailure);
      expect((error as ApiFailure).status).toBe(400);
      expect((error as ApiFailure).errors?.[0]?.path).toBe('area.0');
    }
    expect(rows(db, 'organizations')).toHaveLength(count);
  });

  it("adds a request type to its contract's list, its code made from the label, and refuses a twin", () => {
    const db = fresh();
    const before = requestTypes(db, 1).length;
    const added = createRequestType(db, { contractId: 1, label: 'Élagage des arbres', description: '' });
    expect(added).toMatchObject({ contractId: 1, label: 'Élagage des arbres', code: 'ELAGAGEDESARBRES' });
    expect(requestTypes(db, 1).map((t) => t.label)).toContain('Élagage des arbres');
    expect(requestTypes(db, 2).map((t) => t.label)).not.toContain('Élagage des arbres');
    expect(() =>
      createRequestType(db, { contractId: 1, label: 'Élagage des arbres', description: '' }),
    ).toThrow(/already has a request type/);
    expect(requestTypes(db, 1)).toHaveLength(before + 1);
  });
});

describe('calendar events filter', () => {
  it('keeps the listed categories, adds the events without one only with noCategory, and all with neither', () => {
    const db = fresh();
    const calendarId = rows(db, 'calendarEvents')
      .map((e) => e.calendarId)
      .find((id) => {
        const events = rows(db, 'calendarEvents').filter((e) => e.calendarId === id);
        return events.some((e) => e.categoryId === null) && events.some((e) => e.categoryId !== null);
      })!;
    const range = { startDate: '2000-01-01', endDate: '2100-01-01' };
    const all = calendarEvents(db, calendarId, range);
    const without = all.filter((e) => e.categoryId === null);
    const oneCategory = all.find((e) => e.categoryId !== null)!.categoryId!;
    const ofCategory = all.filter((e) => e.categoryId === oneCategory);
    expect(without.length).toBeGreaterThan(0);
    expect(calendarEvents(db, calendarId, { ...range, category: [oneCategory] })).toEqual(ofCategory);
    expect(calendarEvents(db, calendarId, { ...range, category: [oneCategory], noCategory: true })).toEqual(
      all.filter((e) => e.categoryId === oneCategory || e.categoryId === null),
    );
    expect(calendarEvents(db, calendarId, { ...range, noCategory: true })).toEqual(without);
    // every option unticked: nothing
    expect(calendarEvents(db, calendarId, { ...range, noCategory: false })).toEqual([]);
  });
});

describe('control pieces', () => {
  it('globs: * is one segment, ** any', () => {
    expect(compileGlob('/api/contract/*').test('/api/contract/1')).toBe(true);
    expect(compileGlob('/api/contract/*').test('/api/contract/1/user')).toBe(false);
    expect(compileGlob('/api/**').test('/api/contract/1/user')).toBe(true);
    expect(compileGlob('/api/a.b').test('/api/aXb')).toBe(false);
  });

  it('fault rules count down and disappear', () => {
    const rules = new MockRules();
    rules.add('fault', { method: 'GET', path: '/x', status: 500, times: 1, priority: 5 });
    expect(rules.decide({ method: 'POST', path: '/x' }).answer).toBeUndefined();
    expect(rules.decide({ method: 'GET', path: '/x' }).answer?.status).toBe(500);
    expect(rules.decide({ method: 'GET', path: '/x' }).answer).toBeUndefined();
  });

  it('stubs and faults share one ordered list: delays add up, priority and the newest decide', () => {
    const rules = new MockRules();
    const delay = rules.add('fault', { method: '*', path: '/api/**', delayMs: 5, priority: 5 });
    const stub = rules.add('stub', { method: 'GET', path: '/api/contracts', body: [], priority: 5 });
    // a delay-only rule does not hide the override after it
    expect(stub.hiddenBy).toBeUndefined();
    const decision = rules.decide({ method: 'GET', path: '/api/contracts' });
    expect(decision.delayMs).toBe(5);
    expect(decision.answer?.id).toBe(stub.id);
    expect(decision.applied.map((a) => a.id).sort()).toEqual([delay.id, stub.id].sort());

    // an always-answering rule over /api/** hides a later, lower-priority one, and both say so
    const wide = rules.add('fault', { method: '*', path: '/api/**', status: 503, priority: 1 });
    expect(wide.warnings).toContain(`this rule now hides rule ${stub.id} (GET /api/contracts)`);
    expect(rules.list().find((r) => r.id === stub.id)?.hiddenBy).toBe(wide.id);
    expect(rules.decide({ method: 'GET', path: '/api/contracts' }).answer?.id).toBe(wide.id);
    expect(rules.list().map((r) => r.order)).toEqual([1, 2, 3]);
    expect(rules.list().find((r) => r.id === wide.id)?.hits).toBe(1);
  });

  it('matches query, headers, body fields and persona; warns about paths of no endpoint', () => {
    const rules = new MockRules();
    const added = rules.add('stub', {
      method: 'POST',
      path: '/api/contract/*/user/role',
      query: { q: 'x' },
      headers: { 'X-Trace': '1' },
      bodyFields: { email: 'a@b.c' },
      persona: 'agent',
      status: 409,
      priority: 5,
    });
    expect(added.warnings).toEqual([]);
    const call = {
      method: 'POST',
      path: '/api/contract/1/user/role',
      query: { q: 'x' },
      headers: { 'x-trace': '1' },
      body: { email: 'a@b.c', name: 'n' },
      persona: 'agent',
    };
    expect(rules.decide(call).answer?.status).toBe(409);
    expect(rules.decide({ ...call, persona: 'other' }).answer).toBeUndefined();
    expect(rules.decide({ ...call, query: {} }).answer).toBeUndefined();
    expect(rules.decide({ ...call, body: { email: 'z' } }).answer).toBeUndefined();
    expect(rules.add('stub', { method: 'GET', path: '/api/contrats', priority: 5 }).warnings[0]).toContain(
      '/api/contrats matches no endpoint of the contract',
    );
  });

  it('a sequence answers one status per call, then the rule is spent', () => {
    const rules = new MockRules();
    rules.add('fault', { method: 'GET', path: '/api/contracts', sequence: [503, 503, 200], priority: 5 });
    const statuses = [0, 1, 2, 3].map(
      () => rules.decide({ method: 'GET', path: '/api/contracts' }).answer?.status,
    );
    expect(statuses).toEqual([503, 503, 200, undefined]);
    expect(rules.size).toBe(0);
  });

  it('the journal keeps the newest entries and filters', () => {
    const journal = new Journal();
    for (let i = 0; i < 5100; i++)
      journal.record({
        time: 0,
        method: 'GET',
        path: `/p/${i}`,
        query: '',
        outcome: 'answered',
        status: 200,
        durationMs: 1,
        persona: null,
      });
    expect(journal.list()).toHaveLength(5000);
    // oldest first once the ring has wrapped
    expect(journal.list()[0]?.path).toBe('/p/100');
    expect(journal.list().at(-1)?.path).toBe('/p/5099');
    expect(journal.list({ limit: 1 })[0]?.path).toBe('/p/5099');
    expect(journal.list({ limit: 3 }).map((e) => e.path)).toEqual(['/p/5097', '/p/5098', '/p/5099']);
    journal.clear();
    journal.record({
      time: 0,
      method: 'GET',
      path: '/after',
      query: '',
      outcome: 'answered',
      status: 200,
      durationMs: 1,
      persona: null,
    });
    expect(journal.list().map((e) => e.path)).toEqual(['/after']);
  });

  it('the journal lists each entry as it was recorded, in the same shape, and tells subscribers', () => {
    const journal = new Journal();
    const heard: unknown[] = [];
    const unsubscribe = journal.subscribe((entry) => heard.push(entry));
    const time = Date.parse('2026-06-15T10:11:12.345Z');
    journal.record({
      time,
      method: 'GET',
      path: '/api/contract/1/user',
      query: 'currentPage=1',
      status: 200,
      outcome: 'answered',
      durationMs: 1.25,
      persona: 'contract-admin',
    });
    journal.record({
      time: time + 1,
      method: 'POST',
      path: '/api/signal',
      query: '',
      status: null,
      outcome: 'dropped',
      durationMs: 0.5,
      persona: 'user:7',
      rule: { id: 3, kind: 'fault' },
      proxied: true,
      headers: { authorization: 'Bearer ***' },
      body: { title: 'x' },
    });
    unsubscribe();
    journal.record({
      time,
      method: 'GET',
      path: '/x',
      query: '',
      status: 200,
      outcome: 'answered',
      durationMs: 1,
      persona: null,
    });
    const [first, second] = journal.list();
    // the keys in the order the control API has always written them
    expect(JSON.stringify(first)).toBe(
      '{"id":1,"time":"2026-06-15T10:11:12.345Z","method":"GET","path":"/api/contract/1/user",' +
        '"query":"currentPage=1","status":200,"outcome":"answered","durationMs":1.25,"persona":"contract-admin"}',
    );
    expect(JSON.stringify(second)).toBe(
      '{"id":2,"time":"2026-06-15T10:11:12.346Z","method":"POST","path":"/api/signal","query":"",' +
        '"status":null,"outcome":"dropped","durationMs":0.5,"persona":"user:7","rule":{"id":3,"kind":"fault"},' +
        '"proxied":true,"headers":{"authorization":"Bearer ***"},"body":{"title":"x"}}',
    );
    expect(heard).toEqual([first, second]);
    expect(journal.list({ status: 200 }).map((e) => e.id)).toEqual([1, 3]);
    expect(journal.list({ method: 'post', persona: 'user:7' }).map((e) => e.id)).toEqual([2]);
    expect(journal.list({ since: '2026-06-15T10:11:12.346Z' }).map((e) => e.id)).toEqual([2]);
    expect(journal.list({ path: '/api/**' }).map((e) => e.id)).toEqual([1, 2]);
  });

  it('signs and verifies tokens, refusing tampering and expiry', () => {
    const now = Math.floor(Date.now() / 1000);
    const token = signToken(
      { sub: '1', email: 'a@b.c', partition: 'default', typ: 'access', iat: now, exp: now + 60 },
      'k',
    );
    expect(verifyToken(token, 'k').ok).toBe(true);
    expect(verifyToken(token, 'other').ok).toBe(false);
    const [h, , s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: '2', partition: 'default', typ: 'access', iat: now, exp: now + 60 })).toString('base64url')}.${s}`;
    expect(verifyToken(forged, 'k').ok).toBe(false);
    const old = signToken(
      { sub: '1', email: 'a@b.c', partition: 'default', typ: 'access', iat: now - 100, exp: now - 1 },
      'k',
    );
    expect(verifyToken(old, 'k')).toEqual({ ok: false, reason: 'token expired' });
  });

  it('checks an imported state, and parses list queries', () => {
    expect(validateImportedState({}).ok).toBe(false);
    expect(validateImportedState(JSON.parse(JSON.stringify(buildScenario('empty', 1)))).ok).toBe(true);
    expect(parseQuery('a=1&a=2&b[]=3&c=x')).toEqual({ a: ['1', '2'], b: ['3'], c: 'x' });
  });
});
