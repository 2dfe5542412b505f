/** The simulated single sign-on pages: persona chooser, redirect with a token, failure, logout. */
import type { UserRecord } from '@portal/fixtures';

export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f6f8;color:#1b1f24}
main{max-width:960px;margin:2rem auto;padding:0 1rem}
h1{font-size:1.5rem}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:.75rem 0;display:flex;gap:1rem;align-items:center;justify-content:space-between}
.roles{font-size:.85rem;color:#57606a}
button,.button{background:#1f4e79;color:#fff;border:0;border-radius:6px;padding:.5rem 1rem;font-size:1rem;cursor:pointer;text-decoration:none;display:inline-block}
button:focus,.button:focus,a:focus{outline:3px solid #f0a500;outline-offset:2px}
.muted{color:#57606a}
a{color:#0b5394}
`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface LoginPageInput {
  realm: string;
  redirect: string;
  partition: string;
  personas: UserRecord[];
  contractLabels: Map<number, string>;
  failureUrl: string;
}

export function loginPage(input: LoginPageInput): string {
  const cards = input.personas
    .map((user) => {
      const contracts =
        user.contractIds.map((id) => input.contractLabels.get(id) ?? `#${id}`).join(', ') || 'aucun contrat';
      const name = `${user.firstName} ${user.lastName}`;
      return `<li class="card"><div><strong>${escapeHtml(name)}</strong> <span class="muted">(${escapeHtml(user.personaId ?? '')})</span><div class="roles">Rôles : ${escapeHtml(user.roles.join(', ') || 'aucun')}</div><div class="roles">Contrats : ${escapeHtml(contracts)}</div>${user.description ? `<div class="roles">${escapeHtml(user.description)}</div>` : ''}</div>
<form method="get" action="/saml/login/select"><input type="hidden" name="persona" value="${escapeHtml(user.personaId ?? '')}"><input type="hidden" name="redirect" value="${escapeHtml(input.redirect)}"><input type="hidden" name="partition" value="${escapeHtml(input.partition)}"><button type="submit" aria-label="Se connecter en tant que ${escapeHtml(name)}">Se connecter</button></form></li>`;
    })
    .join('\n');
  return page(
    'Connexion — authentification unique simulée',
    `<h1>Connexion</h1><p class="muted">Authentification unique simulée par le serveur de démonstration (domaine ${escapeHtml(input.realm)}). Choisissez une personne :</p>
<ul style="list-style:none;padding:0">${cards || '<li>Aucune personne dans ce scénario.</li>'}</ul>
<p><a href="${escapeHtml(input.failureUrl)}">Simuler un échec</a></p>`,
  );
}

export function logoutPage(loginUrl: string): string {
  return page(
    'Vous êtes déconnecté',
    `<h1>Vous êtes déconnecté</h1><p>Votre session est terminée.</p><p><a class="button" href="${escapeHtml(loginUrl)}">Se reconnecter</a></p>`,
  );
}

export function errorPage(title: string, message: string): string {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
