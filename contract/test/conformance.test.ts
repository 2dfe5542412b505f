/**
 * The one conformance check (used by the mock's live validation and by `portal contract-check`):
 * request problems (path, query and its wire form, body), answer problems (status, headers, success
 * and error bodies, fields the contract does not name), paging problems, in one message format.
 */
import { describe, expect, it } from 'vitest';
import type { EndpointDef } from '../src/index.ts';
import { endpointList } from '../src/endpoints/index.ts';
import {
  answerProblems,
  declaredStatuses,
  pagingProblems,
  Problems,
  requestProblems,
  specLine,
} from '../src/conformance/index.ts';
import { openApiDocument } from '../src/openapi.ts';

const byId = (id: string): EndpointDef => {
  const def = endpointList.find((e) => e.id === id);
  if (!def) throw new Error(`no endpoint ${id}`);
  return def;
};
const indicators = byId('siteIndicatorValues');
const areaCounts = byId('areaCategoryCounts');
const contracts = byId('listContracts');
const contract = byId('getContract');

const strict = { strict: true };
const lenient = { strict: false };
const request = (def: EndpointDef, query: string, options = strict, params: Record<string, string> = {}) =>
  requestProblems(def, { params, query, body: undefined }, options).list();

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const headers =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name.toLowerCase()];
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };
const paging = (total: number, page: number, per: number) => ({
  'x-pagination-total-count': String(total),
  'x-pagination-page-count': String(Math.ceil(total / per)),
  'x-pagination-current-page': String(page),
  'x-pagination-per-page': String(per),
});
const aContract = {
  id: 1,
  label: 'Contrat',
  status: 'ACTIVE',
  contractMetadatas: { contract_country_code: 'FR' },
};

describe('request problems', () => {
  const base = 'aggregateType=DAY&startDate=2026-06-01';

  it('accepts a list the spec writes as name[] sent repeated, in strict mode', () => {
    expect(
      request(indicators, `typeCodes[]=FLOW_IN&typeCodes[]=PH&${base}`, strict, { siteId: '3' }),
    ).toEqual([]);
  });

  it('refuses, in strict mode only, a comma-joined list where name[] is declared', () => {
    expect(request(indicators, `typeCodes=FLOW_IN,PH&${base}`, strict, { siteId: '3' })).toEqual([
      'request query typeCodes: sent comma-joined as typeCodes=…; the contract declares typeCodes[]=a&typeCodes[]=b repeated',
    ]);
    expect(request(indicators, `typeCodes=FLOW_IN,PH&${base}`, lenient, { siteId: '3' })).toEqual([]);
  });

  it('refuses a bracketed or repeated list where one comma-joined value is declared', () => {
    expect(request(areaCounts, 'areas[]=1&areas[]=2', strict, { contractId: '1' })).toEqual([
      'request query areas[]: sent as areas[]=…; the contract declares areas=a,b comma-joined',
    ]);
    expect(request(areaCounts, 'areas=1&areas=2', strict, { contractId: '1' })).toEqual([
      'request query areas: sent 2 times; the contract declares areas=a,b comma-joined',
    ]);
    expect(request(areaCounts, 'areas=1,2', strict, { contractId: '1' })).toEqual([]);
  });

  it('refuses an unknown parameter, a repeated single value and a missing required one', () => {
    expect(request(contracts, 'colour=red')).toEqual(['request query colour: not in the contract']);
    expect(request(contracts, 'q=a&q=b')).toContain('request query q: one value expected, got 2');
    const missing = request(indicators, 'aggregateType=DAY', strict, { siteId: '3' });
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatch(/^request query startDate: /);
  });

  it('names a bad path parameter and a body field the contract does not name', () => {
    expect(request(contract, '', strict, { contractId: 'abc' })[0]).toMatch(/^request path contractId: /);
    const rename = byId('renameContractArea');
    const problems = requestProblems(
      rename,
      { params: { contractId: '1', areaId: '2' }, query: '', body: { label: 'Nord', colour: 'red' } },
      lenient,
    ).list();
    expect(problems).toContain('request body colour: not in the contract');
  });
});

describe('answer problems', () => {
  const answer = (def: EndpointDef, status: number, body: unknown, extra: Record<string, string> = {}) =>
    answerProblems(
      def,
      { status, headers: headers({ ...JSON_TYPE, ...extra }), bytes: json(body) },
      strict,
    ).list();

  it('finds nothing to say about a conforming answer', () => {
    const valid = contract.response.safeParse(aContract);
    // the sample is a valid contract, or the test would prove nothing
    expect(valid.success, JSON.stringify(valid.error?.issues)).toBe(true);
    expect(answer(contract, 200, aContract)).toEqual([]);
  });

  it('names an extra field in strict mode only (what Prism reports)', () => {
    expect(answer(contract, 200, { ...aContract, colour: 'red' })).toEqual([
      'answer body colour: not in the contract',
    ]);
    const bytes = json({ ...aContract, colour: 'red' });
    expect(
      answerProblems(contract, { status: 200, headers: headers(JSON_TYPE), bytes }, lenient).list(),
    ).toEqual([]);
  });

  it('names a wrong success status and an error status the contract does not declare', () => {
    expect(answer(contract, 201, aContract)).toEqual(['answer status: expected 200, got 201']);
    expect(answer(contract, 418, { message: 'teapot' })).toEqual([
      `answer status: 418 is not declared for this call (declared: ${declaredStatuses(contract).join(', ')})`,
    ]);
  });

  it('checks the body of a 4xx or 5xx against the error body', () => {
    expect(answer(contract, 404, { message: 'Contract 9 not found' })).toEqual([]);
    expect(answer(contract, 500, { message: 'down' })).toEqual([]);
    const [problem] = answer(contract, 404, { error: 'nope' });
    expect(problem).toMatch(/^answer body message: /);
  });

  it('checks the content type', () => {
    expect(
      answerProblems(
        contract,
        { status: 200, headers: headers({ 'content-type': 'text/html' }), bytes: json(aContract) },
        strict,
      ).list(),
    ).toEqual(['answer header content-type: expected application/json, got "text/html"']);
    expect(
      answerProblems(
        contract,
        { status: 200, headers: headers(JSON_TYPE), bytes: new TextEncoder().encode('{"id": tru') },
        strict,
      ).list(),
    ).toEqual(['answer body: not valid JSON ("{\\"id\\": tru")']);
  });

  it('checks the paging headers of a list against the page asked and the body', () => {
    const list = [aContract, aContract];
    const problems = (extra: Record<string, string>, asked = { currentPage: 1, itemsPerPage: 2 }) =>
      answerProblems(
        contracts,
        { status: 200, headers: headers({ ...JSON_TYPE, ...extra }), bytes: json(list), asked },
        strict,
      ).list();
    expect(problems(paging(5, 1, 2))).toEqual([]);
    expect(problems({})).toEqual([
      'answer header x-pagination-total-count: missing (a paged list sends the four x-pagination-* headers)',
      'answer header x-pagination-page-count: missing (a paged list sends the four x-pagination-* headers)',
      'answer header x-pagination-current-page: missing (a paged list sends the four x-pagination-* headers)',
      'answer header x-pagination-per-page: missing (a paged list sends the four x-pagination-* headers)',
    ]);
    expect(problems({ ...paging(5, 1, 2), 'x-pagination-page-count': '2' })).toEqual([
      'answer header x-pagination-page-count: expected 3 for 5 items by 2, got 2',
    ]);
    expect(problems(paging(5, 3, 2), { currentPage: 3, itemsPerPage: 2 })).toEqual([
      'answer paging: 2 items on page 3, expected 1 (total 5, 2 per page)',
    ]);
    expect(
      pagingProblems(headers(paging(5, 2, 2)), list, { currentPage: 1, itemsPerPage: 2 }).list(),
    ).toEqual([
      'answer header x-pagination-current-page: expected 1 (asked with currentPage; pages start at 1), got 2',
    ]);
  });
});

describe('bounded', () => {
  it('stops after a set number of lines, saying what it left unchecked, even for 150,000 wrong items', () => {
    const body = Array.from({ length: 150_000 }, (_, i) => ({ id: `x${i}` }));
    const started = performance.now();
    const problems = answerProblems(
      byId('listContracts'),
      { status: 200, headers: headers({ ...JSON_TYPE, ...paging(150_000, 1, 150_000) }), bytes: json(body) },
      strict,
    );
    expect(problems.lines.length).toBe(new Problems().limit);
    expect(problems.list(5).at(-1)).toMatch(
      /^\(and \d+ more; answer body items \d+ to 149999 not checked\)$/,
    );
    // bounded work: the 150,000 items are not all parsed
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('one truth with the OpenAPI document', () => {
  it('declares, for every endpoint, the statuses the document lists', () => {
    const doc = openApiDocument() as {
      paths: Record<string, Record<string, { operationId: string; responses: object }>>;
    };
    const listed = new Map<string, number[]>();
    for (const operations of Object.values(doc.paths))
      for (const operation of Object.values(operations))
        listed.set(operation.operationId, Object.keys(operation.responses).map(Number).sort());
    for (const def of endpointList)
      expect([...declaredStatuses(def)].sort(), def.id).toEqual(listed.get(def.id));
  });

  it('names the spec line of an endpoint the spec writes, the section of the others', () => {
    expect(specLine(indicators)).toBe('portal.md:225');
    expect(specLine(byId('listContractAreas'))).toMatch(/^territorial-admin\.md/);
  });
});
