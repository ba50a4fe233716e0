// The account menu in the site header (a <details>): it closes on Escape, giving the focus back
// to its toggle, and when a click or the focus lands outside it.
(function () {
  "use strict";
  const menu = document.querySelector("[data-account-menu]");
  if (!menu) return;
  const toggle = menu.querySelector("summary");
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && menu.open) {
      menu.open = false;
      toggle.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
  document.addEventListener("focusin", (event) => {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
})();
