import { z } from 'zod';
import { endpoint, id, queryBoolean } from '../endpoint.ts';
import { ADMIN_ROLES } from '../roles.ts';
import * as sv from '../schemas/services.ts';
import * as u from '../schemas/users.ts';

const apps = 'External application configuration';
const userConfig = 'User configuration';
const owner = z.object({ ownerType: sv.ownerType, ownerId: id });
const portalCode = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected a portal code');

export const configurationEndpoints = [
  endpoint({
    id: 'createAppConfiguration',
    method: 'POST',
    path: '/api/external-apps/configuration',
    summary: 'Save a new application configuration',
    tag: apps,
    source: 'portal',
    roles: ADMIN_ROLES,
    scope: { kind: 'owner' },
    body: sv.appConfigurationInput,
    response: sv.appConfiguration,
  }),
  endpoint({
    id: 'updateAppConfiguration',
    method: 'PUT',
    path: '/api/external-apps/configuration/:configurationId',
    summary: 'Update an application configuration',
    tag: apps,
    source: 'portal',
    roles: ADMIN_ROLES,
    scope: { kind: 'configuration', param: 'configurationId' },
    body: sv.appConfigurationInput,
    response: sv.appConfiguration,
  }),
  endpoint({
    id: 'listAppConfigurations',
    method: 'GET',
    path: '/api/external-apps/configuration/:ownerType/:ownerId',
    params: owner,
    summary: 'Application configurations of an owner',
    tag: apps,
    source: 'portal',
    roles: ADMIN_ROLES,
    scope: { kind: 'owner' },
    response: z.array(sv.appConfiguration),
  }),
  endpoint({
    id: 'getAppConfiguration',
    method: 'GET',
    path: '/api/external-apps/configuration/application/:applicationName/:ownerType/:ownerId',
    params: owner.extend({ applicationName: z.string().regex(/^[A-Za-z0-9_]{1,100}$/) }),
    summary: 'The configuration of one application for an owner; 404 when none exists yet',
    tag: apps,
    source: 'portal',
    roles: ADMIN_ROLES,
    scope: { kind: 'owner' },
    response: sv.appConfiguration,
  }),

  endpoint({
    id: 'listUserConfigurations',
    method: 'GET',
    path: '/api/user/portal/:portalCode/configuration',
    params: z.object({ portalCode }),
    summary: "The signed-in user's configurations for a portal",
    tag: userConfig,
    source: 'portal',
    scope: { kind: 'self' },
    query: z.object({ showDeleted: queryBoolean.optional() }),
    response: z.array(u.userConfiguration),
  }),
  endpoint({
    id: 'getUserConfiguration',
    method: 'GET',
    path: '/api/user/portal/:portalCode/configuration/:code',
    params: z.object({ portalCode, code: portalCode }),
    summary: "One of the signed-in user's configurations",
    tag: userConfig,
    source: 'portal',
    scope: { kind: 'self' },
    query: z.object({ showDeleted: queryBoolean.optional() }),
    response: u.userConfiguration,
  }),
  endpoint({
    id: 'createUserConfiguration',
    method: 'POST',
    path: '/api/user/portal/:portalCode/configuration',
    params: z.object({ portalCode }),
    summary: 'Create a user configuration',
    tag: userConfig,
    source: 'portal',
    scope: { kind: 'self' },
    body: u.userConfigurationInput,
    response: u.userConfiguration,
  }),
  endpoint({
    id: 'updateUserConfiguration',
    method: 'PUT',
    path: '/api/user/portal/:portalCode/configuration/:code',
    params: z.object({ portalCode, code: portalCode }),
    summary: 'Update a user configuration',
    tag: userConfig,
    source: 'portal',
    scope: { kind: 'self' },
    query: z.object({ editDeleted: queryBoolean.optional() }),
    body: u.userConfigurationInput,
    response: u.userConfiguration,
  }),
] as const;
