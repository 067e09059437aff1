// The parent-product library's public face: the lists, filters, pictures and favourites that the
// finished library, the public catalogue and the design tool reuse. Its look and its texts come
// with it, since those screens may open outside the console that otherwise loads them.
import './goods-library.css';
import './texts.ts';

export { favouriteKeys, setFavourite, useFavouriteIds, useFavourites } from './api/favourites.ts';
export { useCategoryTree, useParentProduct, useParentProducts } from './api/goods-library.ts';
export { CategoryTreePanel } from './components/category-tree.tsx';
export { FavouriteButton } from './components/favourite-button.tsx';
export { FilterBar, renamePricePatch, type FilterPatch } from './components/filter-bar.tsx';
export { LibraryCard } from './components/library-card.tsx';
export { LibraryResults } from './components/library-results.tsx';
export {
  ParentProductFacts,
  ParentProductGallery,
  ParentSkuTable,
} from './components/parent-product-view.tsx';
export { isFiltered, ParentFilterBar } from './components/parent-filter-bar.tsx';
export { ProductImage } from './components/product-image.tsx';
export { ProductGrid, ProductTable } from './components/product-results.tsx';
export { printAreaName } from './components/print-area-name.ts';
export { localColor, localSize, localTitle } from './components/product-title.ts';
export { SelectionBar } from './components/selection-bar.tsx';
export { useJoinToLibrary } from './components/use-join-library.tsx';
export { useSelection } from './components/use-selection.ts';
export { detailPath, LIBRARY_PATH, parseId } from './paths.ts';
export {
  createUrlFilters,
  DEFAULT_QUERY,
  minorToYuan,
  PAGE_SIZES,
  readFilters,
  SORT_CHOICES,
  sortChoices,
  writeFilters,
  yuanToMinor,
  type LibraryView,
  type SortChoice,
} from './url-filters.ts';
