export { renderMarkdown } from './markdown';
export { listPublishedNoticias, listRecentNoticias } from './service';
export { forgetNoticiasOf } from './al-eliminar-cuenta';
