/** Every API path in one place (docs/product.md §7). */
export const API = {
  health: '/api/health',
  ready: '/api/ready',
  config: '/api/config',
  build: '/api/build',
  auth: {
    login: '/api/auth/login',
    register: '/api/auth/register',
    google: '/api/auth/google',
    jwtValidate: '/api/auth/jwt-validate',
    logout: '/api/auth/logout',
    recuperar: '/api/auth/recuperar',
    restablecer: '/api/auth/restablecer',
    verificar: '/api/auth/verificar',
    verificarReenviar: '/api/auth/verificar/reenviar',
    segundoFactor: '/api/auth/segundo-factor',
    segundoFactorAlta: '/api/auth/segundo-factor/alta',
    segundoFactorConfirmar: '/api/auth/segundo-factor/confirmar',
  },
  users: {
  },
  productorPerfil: '/api/productor/perfil',
  compradorPerfil: '/api/comprador/perfil',
  /** The catalogue's filters as an offer list to take away: `?formato` of contract/oferta.ts, then the filters. */
  lotesOferta: (formato: string) => `/api/lotes/oferta.${formato}`,
  uploads: '/api/uploads',
  documentos: '/api/uploads/documentos',
  blog: '/api/blog',
  blogPost: (slug: string) => `/api/blog/${slug}`,
  facturaPdf: (id: string) => `/api/facturas/${id}/pdf`,
} as const;
