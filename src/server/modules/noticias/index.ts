export { renderMarkdown } from './markdown';
export { listPublishedNoticias, listRecentNoticias } from './service';
