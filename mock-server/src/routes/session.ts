/** Session and contracts: token info, realms, tokens, contracts, site and portal configuration, skill menu. */
import { mintTokens, verifyToken } from '../auth/jwt.ts';
import {
  userContracts,
  listContracts,
  createContract,
  deleteContract,
  requireContractRow,
  siteConfigurationOf,
  createSiteConfiguration,
  updateSiteConfiguration,
  updateContractTheme,
  adminPermissions,
  contractInfo,
  realmFor,
  skillMenu,
} from '../store/contracts.ts';
import { tokenOwner } from '../store/access.ts';
import { ApiFailure, notFound } from '../store/errors.ts';
import {
  contractView,
  portalConfigurationView,
  siteConfigurationView,
  tokenInfoView,
} from '../wire/views.ts';
import { page, type Handlers } from '../middleware/handler-types.ts';
import { storableDataUrl } from '../store/svg.ts';

export const sessionHandlers = {
  tokenCheck: ({ db, user }) => tokenInfoView(db, user),
  getRealm: ({ db, query }) => ({ value: realmFor(db, query.domainName) }),
  metabaseUserToken: ({ user }) => ({ token: `metabase-session-${user.id}-${Date.now().toString(36)}` }),
  refreshToken: ({ body, runtime }) => {
    const result = verifyToken(body.refresh_token, runtime.key);
    if (!result.ok) throw new ApiFailure(401, `Invalid refresh token: ${result.reason}`);
    if (result.claims.typ !== 'refresh')
      throw new ApiFailure(401, 'Invalid refresh token: an access token was given');
    if (runtime.sessions.isEnded(result.claims.sid))
      throw new ApiFailure(401, 'Invalid refresh token: the session was signed out');
    const partition = runtime.partitions.get(result.claims.partition);
    const owner = tokenOwner(partition.db, result.claims);
    if (!owner) throw new ApiFailure(401, 'Invalid refresh token: the user no longer exists');
    // the new pair stays in the same session: a later logout ends it too
    const minted = mintTokens(owner, partition.name, runtime.key, undefined, result.claims.sid);
    return { token: minted.token, refresh_token: minted.refreshToken };
  },
  userContracts: ({ db, user, origin }) => page(userContracts(db, user), (c) => contractView(c, origin)),
  getContract: ({ db, params, origin }) => contractView(requireContractRow(db, params.contractId), origin),
  listContracts: ({ db, query, origin }) =>
    page(listContracts(db, { q: query.q, status: query.status }), (c) => contractView(c, origin)),
  createContract: ({ db, user, body, origin }) => contractView(createContract(db, user, body), origin),
  deleteContract: ({ db, params }) => {
    deleteContract(db, params.contractId);
    return null;
  },
  // an SVG logo is stored sanitised (svg.ts), as the favicon
  updateContractTheme: async ({ db, params, body, origin }) => {
    const primaryLogo = await storableDataUrl(body.primaryLogo, 'primaryLogo');
    const secondaryLogo = await storableDataUrl(body.secondaryLogo, 'secondaryLogo');
    return contractView(
      updateContractTheme(db, params.contractId, { ...body, primaryLogo, secondaryLogo }),
      origin,
    );
  },
  adminPermissions: ({ db, user, query }) => {
    const all = adminPermissions(db, user);
    const start = (query.currentPage - 1) * query.itemsPerPage;
    return { permissions: all.slice(start, start + query.itemsPerPage) };
  },
  contractInfo: ({ db, user }) => contractInfo(db, user),
  getSiteConfiguration: ({ db, params, origin }) => {
    requireContractRow(db, params.contractId);
    const config = siteConfigurationOf(db, params.contractId);
    if (!config) throw notFound(`Site configuration of contract ${params.contractId}`);
    return siteConfigurationView(config, origin);
  },
  // an SVG favicon is stored rebuilt (store/svg.ts)
  createSiteConfiguration: async ({ db, params, body, origin }) => {
    const faviconOnglet = await storableDataUrl(body.faviconOnglet, 'faviconOnglet');
    return siteConfigurationView(
      createSiteConfiguration(db, params.contractId, { ...body, faviconOnglet }),
      origin,
    );
  },
  updateSiteConfiguration: async ({ db, params, body, origin }) => {
    const faviconOnglet = await storableDataUrl(body.faviconOnglet, 'faviconOnglet');
    return siteConfigurationView(
      updateSiteConfiguration(db, params.contractId, { ...body, faviconOnglet }),
      origin,
    );
  },
  portalConfiguration: ({ db, params, origin }) => {
    const config = db.state.portalConfigurations.find((p) => p.siteCode === params.siteCode);
    if (!config) throw notFound('Portal configuration', params.siteCode);
    return portalConfigurationView(config, origin);
  },
  userSkillMenu: ({ db, user, query }) => skillMenu(db, user, query.contractId),
} satisfies Partial<Handlers>;
