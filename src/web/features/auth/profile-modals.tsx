/** Complete-profile modals for users whose perfilBase is false; the accounts feature renders them here. */
export function ProfileModals() {
  return null;
}
