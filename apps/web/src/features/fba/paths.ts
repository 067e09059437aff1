/** The FBA pages' menu paths (the server's menu tree serves them). */
export const FBA_PATHS = {
  list: '/newOrder/FBAshipments',
  add: '/newOrder/FBAshipmentsAdd',
  detail: '/newOrder/FBAshipmentsDetail',
  rebuild: '/newOrder/FBAshipmentsRebuild',
  edit: '/newOrder/FBAshipmentsEdit',
} as const;

export const FBA_PAGE = FBA_PATHS.list;
