// The parent library's public face: the category tree and search helpers the operator's
// catalogue maintenance (sys-goods) filters with, the same way sellers' lists do.
export {
  categoryTree,
  containsPattern,
  loadCategories,
  searchTextContains,
  withDescendants,
} from './service.ts';
