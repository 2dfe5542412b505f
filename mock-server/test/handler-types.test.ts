// A handler's result is typed by its endpoint's response (middleware/handler-types.ts): the typecheck (tsc -b)
// fails on each `@ts-expect-error` below the day a wrong shape stops being refused.
import { describe, expect, it } from 'vitest';
import { binary, page, type Handler } from '../src/middleware/handler-types.ts';

const contract = { id: 1, label: 'Contrat', status: 'ACTIVE' as const, contractMetadatas: {} };

// the right shapes
const getRealm: Handler<'getRealm'> = () => ({ value: 'portal' });
const listContracts: Handler<'listContracts'> = () => page([contract], (c) => ({ ...c }));
const deleteContract: Handler<'deleteContract'> = () => null;
const photo: Handler<'sitePhotoBinary'> = () => binary('image/png', Buffer.alloc(1));

// @ts-expect-error a field the response does not have, and not the one it requires
const wrongField: Handler<'getRealm'> = () => ({ realm: 'portal' });
// @ts-expect-error a field of the wrong type
const wrongType: Handler<'getContract'> = () => ({ ...contract, id: 'one' });
// @ts-expect-error a paginated list answers a page, not a bare array
const bareArray: Handler<'listContracts'> = () => [contract];
// @ts-expect-error the items of a page are the response's items
const wrongItems: Handler<'listContracts'> = () => page([1, 2], (n) => ({ id: n }));
// @ts-expect-error a JSON endpoint never answers a binary
const notBinary: Handler<'getRealm'> = () => binary('image/png', Buffer.alloc(1));
// @ts-expect-error a 204 answers nothing
const bodyOn204: Handler<'deleteContract'> = () => ({ deleted: true });

describe('handler results typed by the endpoint response', () => {
  it('the typed examples run (the refusals are the typecheck’s)', () => {
    for (const handler of [getRealm, listContracts, deleteContract, photo])
      expect(handler).toBeTypeOf('function');
    for (const handler of [wrongField, wrongType, bareArray, wrongItems, notBinary, bodyOn204])
      expect(handler).toBeTypeOf('function');
  });
});
