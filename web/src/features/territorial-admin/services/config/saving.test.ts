import { describe, expect, it } from 'vitest';
import type { AppConfiguration } from '@portal/contract';
import {
  configurationsToSave,
  emptyConfiguration,
  isChecked,
  isSectionDisabled,
  keptExternalEntries,
} from './saving';

const config = (over: Partial<AppConfiguration>): AppConfiguration => ({
  id: null,
  name: 'POWER_BI',
  owner: 1,
  ownerType: 'CONTRACT',
  parameters: { btnLabel: 'Rapports' },
  forceChildConfiguration: false,
  useParentConfiguration: false,
  parentConfiguration: null,
  displayButtonForceChildConfiguration: false,
  ...over,
});

describe('isChecked', () => {
  it('counts true and "1" as true, nothing else', () => {
    expect([true, '1', false, '0', 'true', 1, null, undefined].map(isChecked)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('emptyConfiguration (a 404 on fetch)', () => {
  it('is empty and forces the child configuration', () => {
    const empty = emptyConfiguration('THINGS_BOARD', 3, 'CONTRACT');
    expect(empty).toMatchObject({
      id: null,
      name: 'THINGS_BOARD',
      owner: 3,
      ownerType: 'CONTRACT',
      parameters: {},
      forceChildConfiguration: true,
    });
    expect(isSectionDisabled(empty)).toBe(true);
  });
});

describe('configurationsToSave', () => {
  it('does not save a contract configuration that forces the child configuration', () => {
    const calls = configurationsToSave({
      configurations: [
        config({ forceChildConfiguration: true }),
        config({ name: 'VA_GEST_DOC', forceChildConfiguration: '1' as unknown as boolean }),
      ],
      selectedServiceCodes: ['POWER_BI', 'VA_GEST_DOC'],
    });
    expect(calls).toEqual([]);
  });

  it('updates an existing configuration by id and creates the others', () => {
    const calls = configurationsToSave({
      configurations: [config({ id: 12 }), config({ name: 'VA_GEST_DOC', parameters: { btnLabel: 'Docs' } })],
      selectedServiceCodes: ['POWER_BI', 'VA_GEST_DOC'],
    });
    expect(calls.map((c) => [c.method, c.id, c.body.name])).toEqual([
      ['PUT', 12, 'POWER_BI'],
      ['POST', null, 'VA_GEST_DOC'],
    ]);
    expect(calls[0]?.body).not.toHaveProperty('id');
  });

  it('drops a configuration whose service is not selected', () => {
    const calls = configurationsToSave({
      configurations: [config({}), config({ name: 'THINGS_BOARD' })],
      selectedServiceCodes: ['THINGS_BOARD'],
    });
    expect(calls.map((c) => c.body.name)).toEqual(['THINGS_BOARD']);
  });

  it('gives an organization using the parent the id of the contract configuration of the same name', () => {
    const calls = configurationsToSave({
      configurations: [
        config({ ownerType: 'ORGANIZATION', owner: 0, useParentConfiguration: true }),
        config({ ownerType: 'ORGANIZATION', owner: 0, name: 'OPEN_API', useParentConfiguration: true }),
        config({ ownerType: 'ORGANIZATION', owner: 0, name: 'VA_GEST_DOC', useParentConfiguration: false }),
      ],
      selectedServiceCodes: ['POWER_BI', 'OPEN_API', 'VA_GEST_DOC'],
      contractConfigurations: [
        { id: 41, name: 'POWER_BI' },
        { id: 42, name: 'VA_GEST_DOC' },
      ],
      owner: 77,
    });
    expect(
      calls.map((c) => [
        c.body.name,
        c.body.owner,
        c.body.useParentConfiguration,
        c.body.parentConfiguration,
      ]),
    ).toEqual([
      ['POWER_BI', 77, true, 41],
      ['OPEN_API', 77, true, null],
      ['VA_GEST_DOC', 77, false, null],
    ]);
  });

  it("saves an organization configuration even when its draft says force child (that toggle is the contract's)", () => {
    const calls = configurationsToSave({
      configurations: [config({ ownerType: 'ORGANIZATION', forceChildConfiguration: true })],
      selectedServiceCodes: ['POWER_BI'],
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body.forceChildConfiguration).toBe(false);
  });

  it('keeps only the complete external service entries, each with its code', () => {
    const calls = configurationsToSave({
      configurations: [
        config({
          name: 'EXTERNAL_SERVICES',
          parameters: {
            services: [
              {
                label: 'Portail abonnés',
                url: 'https://a.example.org',
                categories: '1502,1505',
                isPortal: '1',
              },
              { label: 'Sans url', url: '', categories: '1502' },
              { label: '', url: 'https://b.example.org', categories: '1502' },
            ],
          },
        }),
      ],
      selectedServiceCodes: ['EXTERNAL_SERVICES'],
    });
    expect(calls[0]?.body.parameters.services).toEqual([
      {
        label: 'Portail abonnés',
        url: 'https://a.example.org',
        categories: '1502,1505',
        isPortal: true,
        code: 'PORTAILABONNES',
      },
    ]);
  });
});

describe('keptExternalEntries', () => {
  it('needs label, url and categories', () => {
    const entry = {
      label: 'Suivi travaux',
      url: 'https://t.example.org',
      categories: '1506',
      customConnect: '',
      metadata: '',
      isPortal: false,
      bannerLogo: '',
      bannerBackgroundColor: '',
      buttonTextColor: '',
      buttonBackgroundColor: '',
    };
    expect(keptExternalEntries([entry, { ...entry, categories: '  ' }]).map((e) => e.code)).toEqual([
      'SUIVITRAVAUX',
    ]);
  });
});
