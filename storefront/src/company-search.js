import { esc, highlight, tradeCredit } from "./medusa.js"

const COUNTRIES = [
  ["GB", "United Kingdom"],
  ["NO", "Norway"],
  ["SE", "Sweden"],
  ["US", "United States"],
]

/**
 * The buyer's company: a search with autocomplete (the service's company search; the
 * choice is kept by its canonical id), or manual entry (name and registration number)
 * when the company is not found or the search is unavailable.
 *
 * onSelect({ company, name, number, country }) gets the session's `company` object:
 * `{ company_canonical_id }` or `{ company_name, organization_number, country_prefix }`.
 */
export function mountCompanySearch(root, { country = "GB", onSelect, onClear }) {
  root.innerHTML = `
    <div class="company-picker">
      <div class="row">
        <label class="narrow">Country
          <select id="company-country">${COUNTRIES.map(([code, name]) => `<option value="${code}" ${code === country ? "selected" : ""}>${name}</option>`).join("")}</select>
        </label>
        <label class="grow" for="company-search">Company name or registration number
          <input id="company-search" type="search" autocomplete="off" placeholder="Start typing, e.g. Acme"
            role="combobox" aria-autocomplete="list" aria-expanded="false" aria-controls="company-results" />
        </label>
      </div>
      <ul id="company-results" role="listbox" class="results" hidden></ul>
      <p class="hint" id="company-hint"></p>
      <button type="button" class="link" id="company-manual-toggle">Can't find your company? Enter its details</button>
      <form id="company-manual" class="manual" hidden>
        <label>Registered company name <input id="manual-name" required maxlength="255" /></label>
        <label>Registration number <input id="manual-number" required maxlength="50" /></label>
        <button type="submit">Use these details</button>
      </form>
    </div>
    <div class="company-chosen" id="company-chosen" hidden></div>`

  const $ = (sel) => root.querySelector(sel)
  const input = $("#company-search")
  const list = $("#company-results")
  const hint = $("#company-hint")
  const countrySelect = $("#company-country")
  let items = []
  let active = -1
  let seq = 0
  let timer

  const close = () => {
    list.hidden = true
    input.setAttribute("aria-expanded", "false")
    active = -1
  }
  const showManual = () => {
    $("#company-manual").hidden = false
    $("#manual-name").value ||= input.value
  }
  const choose = (selection) => {
    close()
    root.querySelector(".company-picker").hidden = true
    const chosen = $("#company-chosen")
    chosen.hidden = false
    chosen.innerHTML = `
      <div><strong id="chosen-company-name">${esc(selection.name)}</strong>
        <span class="muted">${esc(selection.country)} · ${esc(selection.number)}${selection.company.company_canonical_id ? "" : " · entered by hand"}</span></div>
      <button type="button" class="link" id="company-change">Change</button>`
    chosen.querySelector("#company-change").addEventListener("click", () => {
      chosen.hidden = true
      root.querySelector(".company-picker").hidden = false
      input.focus()
      onClear?.()
    })
    onSelect(selection)
  }
  const render = () => {
    list.innerHTML = items
      .map(
        (item, i) => `<li role="option" id="company-option-${i}" data-index="${i}" aria-selected="${i === active}">
          <span class="name">${highlight(item.highlight || item.name)}</span>
          <span class="muted">${esc(item.national_identifier.type)} ${esc(item.national_identifier.id)}</span></li>`
      )
      .join("")
    list.hidden = items.length === 0
    input.setAttribute("aria-expanded", String(items.length > 0))
    input.setAttribute("aria-activedescendant", active >= 0 ? `company-option-${active}` : "")
  }
  const pick = (i) => {
    const item = items[i]
    if (!item) return
    choose({
      company: { company_canonical_id: item.canonical_id },
      name: item.name,
      number: `${item.national_identifier.type} ${item.national_identifier.id}`,
      country: item.country,
    })
  }

  async function search() {
    const q = input.value.trim()
    const mine = ++seq
    if (q.length < 2) {
      items = []
      hint.textContent = ""
      return render()
    }
    hint.textContent = "Searching…"
    try {
      const answer = await tradeCredit.searchCompanies(countrySelect.value, q)
      if (mine !== seq) return // a newer search is under way
      items = answer.items
      active = -1
      hint.textContent = items.length ? "" : "No company found. Check the spelling, or enter its details."
      render()
    } catch (error) {
      if (mine !== seq) return
      items = []
      render()
      if (error.status === 429) hint.textContent = "Too many searches at once. Please wait a moment and type again."
      else {
        hint.textContent = "Company search is unavailable right now: enter your company's details instead."
        showManual()
      }
    }
  }

  input.addEventListener("input", () => {
    clearTimeout(timer)
    timer = setTimeout(search, 250)
  })
  countrySelect.addEventListener("change", search)
  input.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!items.length) return
      event.preventDefault()
      active = (active + (event.key === "ArrowDown" ? 1 : -1) + items.length) % items.length
      render()
    } else if (event.key === "Enter" && active >= 0) {
      event.preventDefault()
      pick(active)
    } else if (event.key === "Escape") close()
  })
  list.addEventListener("mousedown", (event) => {
    const option = event.target.closest("li[data-index]")
    if (option) {
      event.preventDefault()
      pick(Number(option.dataset.index))
    }
  })
  input.addEventListener("blur", () => setTimeout(close, 150))
  $("#company-manual-toggle").addEventListener("click", showManual)
  $("#company-manual").addEventListener("submit", (event) => {
    event.preventDefault()
    const name = $("#manual-name").value.trim()
    const number = $("#manual-number").value.trim()
    if (!name || !number) return
    choose({
      company: { company_name: name, organization_number: number, country_prefix: countrySelect.value },
      name,
      number,
      country: countrySelect.value,
    })
  })

  return {
    /** Fills manual entry and chooses it (used by the sole-trader signup). */
    useDetails({ company_name, organization_number, country_code }) {
      countrySelect.value = country_code
      $("#manual-name").value = company_name
      $("#manual-number").value = organization_number
      choose({
        company: { company_name, organization_number, country_prefix: country_code },
        name: company_name,
        number: organization_number,
        country: country_code,
      })
    },
  }
}
