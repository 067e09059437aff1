/** Query keys for data of the signed-in account; everything under `session` is dropped on logout. */
export const sessionKeys = {
  all: ['session'] as const,
  binding: () => [...sessionKeys.all, 'binding'] as const,
};
