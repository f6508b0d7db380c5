// What a dialog of the policy page says above its button: its change joins the page's others and is
// saved with them, as one version.
export const STAGED_NOTE =
  'This change joins the page’s other unsaved changes: nothing is saved until you review and save them.';
