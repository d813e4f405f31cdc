/**
 * The signup popup's script (plain ES2017, inlined in the page; no template
 * literals inside). It calls the simulator's own service routes with the
 * delegation tokens of the page's URL, never an API key:
 *
 * - returning buyer: POST then PATCH /proposal/returning-buyer/verification
 *   (registry token), GET .../matches/{email} (matches token) when the email
 *   has several businesses, POST /autofill/v1/buyer/current (autofill token);
 * - new sole trader: POST /registry/v1/proposal, evidence, submission (registry
 *   token), then GET the proposal every second until it is decided: ACCEPTED
 *   saves the business to autofill; still pending after 30 s (or IN_REVIEW),
 *   the page says so and the service saves autofill itself once accepted.
 *
 * When done it posts {type: "soletrader-signup", status: "completed"} to
 * window.opener and closes; Cancel posts status "cancelled". In the minimal
 * profile (config.postToOpener false) it posts nothing: it saves to autofill
 * and closes, as the seed describes the popup.
 *
 * Its words come from the page's config (`texts`, page-texts.ts `script`, in
 * the page's language); `{name}` in them is filled by `t(key, values)`.
 */
export const SIGNUP_SCRIPT = String.raw`
(function () {
  "use strict";
  var config = JSON.parse(document.getElementById("signup-config").textContent);
  var texts = config.texts || {};
  var TOKEN_HEADER = "Service-Delegated-Authority-Token";
  var POLL_MS = 1000;
  var POLL_LIMIT_MS = 30000;
  var state = { email: null, businesses: [], matchesToken: null, proposal: null, finished: false };

  function $(id) { return document.getElementById(id); }
  /** The words for key, each {name} replaced by values[name]. */
  function t(key, values) {
    var text = Object.prototype.hasOwnProperty.call(texts, key) ? String(texts[key]) : key;
    return text.replace(/\{(\w+)\}/g, function (whole, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }
  function show(step) {
    ["step-choose", "step-email", "step-code", "step-business", "step-register", "step-done"].forEach(function (id) {
      $(id).hidden = id !== step;
    });
    var first = $(step).querySelector("input:not([type=hidden]), select, button.primary");
    if (first) first.focus();
  }
  function say(text, kind) {
    var box = $("message");
    box.textContent = text || "";
    box.className = kind || "info";
    box.setAttribute("role", kind === "error" ? "alert" : "status");
  }
  function key() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return "popup-" + Array.prototype.map.call(bytes, function (b) {
      return ("0" + b.toString(16)).slice(-2);
    }).join("");
  }
  function busy(form, on) {
    Array.prototype.forEach.call(form.querySelectorAll("button"), function (b) { b.disabled = on; });
  }

  /** One call of the service with a token: resolves {status, body, headers}; a network failure rejects. */
  function api(method, path, token, body, isForm) {
    var headers = {};
    headers[TOKEN_HEADER] = token;
    if (method !== "GET") headers["Idempotency-Key"] = key();
    if (body !== undefined && !isForm) headers["Content-Type"] = "application/json";
    return fetch(path, {
      method: method,
      headers: headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: "omit",
      cache: "no-store"
    }).then(function (res) {
      return res.text().then(function (text) {
        var json = null;
        try { json = text ? JSON.parse(text) : null; } catch (e) { json = null; }
        return { status: res.status, body: json, headers: res.headers };
      });
    });
  }
  /** The popup's own words for the service's answers a buyer meets at the code step; null for any other. */
  function knownAnswer(answer) {
    var body = answer && answer.body;
    if (!body) return null;
    var type = body.error_json && body.error_json[0] && body.error_json[0].type;
    if (type === "code_mismatch") {
      var left = /\((\d+) attempts? left\)/.exec(body.error_message || "");
      if (!left) return t("wrongCode");
      return left[1] === "1" ? t("wrongCodeOneLeft") : t("wrongCodeLeft", { left: left[1] });
    }
    if (type === "code_not_pending") return t("noCodePending");
    var retryAfter = answer.headers && answer.headers.get("Retry-After");
    if (body.error_code === "RATE_LIMITED" && retryAfter && /wrong codes/.test(body.error_message || "")) {
      return t("tooManyCodes", { seconds: retryAfter });
    }
    return null;
  }
  /**
   * What went wrong: the popup's words for a known answer, else the service's message, else the fallback and the
   * status.
   */
  function explain(answer, fallback) {
    var known = knownAnswer(answer);
    if (known) return known;
    if (answer && answer.body && answer.body.error_message) return answer.body.error_message;
    if (answer && answer.body && typeof answer.body.message === "string") return answer.body.message;
    return fallback + (answer ? t("status", { status: answer.status }) : "");
  }
  function failed(error) {
    say(t("unreachable"), "error");
    if (window.console) console.error(error);
  }

  function finish(status, title, text) {
    if (state.finished) return;
    state.finished = true;
    try {
      if (config.postToOpener !== false && window.opener) {
        window.opener.postMessage({ type: "soletrader-signup", status: status }, "*");
      }
    } catch (e) { /* the opener may be gone */ }
    if (title) {
      $("done-title").textContent = title;
      $("done-text").textContent = text || "";
      say("");
      show("step-done");
    }
    setTimeout(function () { window.close(); }, 1500);
  }

  // --- prefill ---------------------------------------------------------------
  var prefill = config.prefill || {};
  [
    "trading_name", "building", "street", "city", "region", "postal_code",
    "first_name", "last_name", "date_of_birth", "email", "phone"
  ].forEach(function (name) {
    if (prefill[name]) $(name).value = prefill[name];
  });
  if (prefill.email) $("rb-email").value = prefill.email;
  var country = config.country || (prefill.country === "GB" || prefill.country === "US" ? prefill.country : "");
  $("country").value = country;
  var regionLabel = $("region").previousElementSibling.textContent;
  function onCountry() {
    var us = $("country").value === "US";
    $("consent-block").hidden = !us;
    $("biometric_consent").required = us;
    $("region").previousElementSibling.textContent = us ? t("state") : regionLabel;
    $("region").required = us;
  }
  $("country").addEventListener("change", onCountry);
  onCountry();

  // --- navigation ------------------------------------------------------------
  $("choose-returning").addEventListener("click", function () { say(""); show("step-email"); });
  $("choose-new").addEventListener("click", function () { say(""); show("step-register"); });
  Array.prototype.forEach.call(document.querySelectorAll("button.back"), function (b) {
    b.addEventListener("click", function () { say(""); show("step-choose"); });
  });
  $("cancel").addEventListener("click", function () { finish("cancelled", t("cancelledTitle"), t("cancelledText")); });
  $("close").addEventListener("click", function () { finish("completed"); window.close(); });

  // --- returning buyer -------------------------------------------------------
  $("email-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var form = event.target;
    var email = $("rb-email").value.trim();
    if (!$("rb-email").checkValidity() || !email) { say(t("invalidEmail"), "error"); $("rb-email").focus(); return; }
    busy(form, true);
    say(t("sendingCode"));
    api("POST", "/proposal/returning-buyer/verification", config.authToken, { email: email }).then(function (answer) {
      busy(form, false);
      if (answer.status === 404) { say(t("noBusiness"), "error"); return; }
      if (answer.status !== 201) { say(explain(answer, t("codeNotSent")), "error"); return; }
      state.email = email;
      say(t("codeSent", { email: email }));
      show("step-code");
      return fetch("/_sim/registration/codes?email=" + encodeURIComponent(email), { cache: "no-store" })
        .then(function (res) { return res.json(); })
        .then(function (inbox) {
          var item = inbox && inbox.items && inbox.items.filter(function (i) { return i.code; })[0];
          if (!item) return;
          $("inbox").textContent = t("inbox", { code: item.code });
          $("inbox").hidden = false;
        })
        .catch(function () { /* the inbox is a sandbox convenience */ });
    }).catch(function (error) { busy(form, false); failed(error); });
  });

  function renderBusinesses() {
    var list = $("business-list");
    list.textContent = "";
    state.businesses.forEach(function (business, index) {
      var id = "business-" + index;
      var wrap = document.createElement("div");
      wrap.className = "business";
      var label = document.createElement("label");
      label.className = "inline";
      label.setAttribute("for", id);
      var radio = document.createElement("input");
      radio.type = "radio";
      radio.name = "business";
      radio.id = id;
      radio.value = String(index);
      radio.checked = index === 0;
      var text = document.createElement("span");
      text.setAttribute("data-testid", "business-option");
      text.textContent =
        business.company_name + " (" + business.country_code + " " + business.organization_number + ")";
      label.appendChild(radio);
      label.appendChild(text);
      wrap.appendChild(label);
      list.appendChild(wrap);
    });
  }

  $("code-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var form = event.target;
    var code = $("rb-code").value.trim();
    if (!/^[0-9]{6}$/.test(code)) { say(t("invalidCode"), "error"); $("rb-code").focus(); return; }
    busy(form, true);
    say(t("checkingCode"));
    var verification = { email: state.email, code: code };
    api("PATCH", "/proposal/returning-buyer/verification", config.authToken, verification).then(function (answer) {
      if (answer.status !== 200) {
        busy(form, false);
        var text = explain(answer, t("codeNotChecked"));
        var retryAfter = answer.headers.get("Retry-After");
        if (answer.status === 429) text += retryAfter ? t("waitSeconds", { seconds: retryAfter }) : t("waitSome");
        say(text, "error");
        return;
      }
      state.businesses = [answer.body.business];
      state.matchesToken = answer.headers.get(TOKEN_HEADER);
      var more = answer.body.total_matches > 1 && state.matchesToken
        ? api("GET", "/proposal/returning-buyer/matches/" + encodeURIComponent(state.email), state.matchesToken)
          .then(function (matches) {
            if (matches.status === 200 && matches.body && matches.body.items.length) {
              state.businesses = matches.body.items;
            }
          })
        : Promise.resolve();
      return more.then(function () {
        busy(form, false);
        renderBusinesses();
        say("");
        show("step-business");
      });
    }).catch(function (error) { busy(form, false); failed(error); });
  });

  function addressFromForm() {
    return {
      organization_name: $("trading_name").value.trim() || null,
      apartment: null,
      building: $("building").value.trim() || null,
      street: $("street").value.trim(),
      postal_code: $("postal_code").value.trim(),
      city: $("city").value.trim(),
      region: $("region").value.trim() || null,
      country: $("country").value
    };
  }
  function personFrom(source) {
    return {
      first_name: source.first_name || null,
      last_name: source.last_name || null,
      email: source.email || null,
      phone_number: source.phone || null
    };
  }
  function saveAutofill(business, person, address) {
    var buyer = {
      persistent: true,
      company_name: business.company_name || business.trading_name,
      country_code: business.country_code,
      organization_number: business.organization_number,
      first_name: person.first_name,
      last_name: person.last_name,
      email: person.email,
      phone_number: person.phone_number,
      billing_address: address,
      shipping_address: address
    };
    return api("POST", "/autofill/v1/buyer/current", config.autofillToken, buyer);
  }

  $("use-business").addEventListener("click", function () {
    var chosen = document.querySelector("input[name=business]:checked");
    var business = state.businesses[chosen ? Number(chosen.value) : 0];
    var person = personFrom(prefill);
    person.email = state.email;
    $("use-business").disabled = true;
    say(t("saving"));
    saveAutofill(business, person, null).then(function (answer) {
      $("use-business").disabled = false;
      if (answer.status !== 200) { say(explain(answer, t("notSaved")), "error"); return; }
      finish("completed", t("allSetTitle"), t("allSetText", { company: business.company_name }));
    }).catch(function (error) { $("use-business").disabled = false; failed(error); });
  });

  // --- new sole trader -------------------------------------------------------
  function proposalBody() {
    var email = $("email").value.trim();
    var phone = $("phone").value.replace(/[\s()-]/g, "");
    var website = $("website").value.trim();
    return {
      proposed_business: {
        business_type: "SOLE_TRADER",
        country_code: $("country").value,
        trading_name: $("trading_name").value.trim(),
        email: email,
        phone: phone,
        website: website || null,
        business_address: {
          building: $("building").value.trim(),
          street: $("street").value.trim(),
          postal_code: $("postal_code").value.trim(),
          city: $("city").value.trim(),
          region: $("region").value.trim() || null,
          country_code: $("country").value
        },
        proprietor_details: {
          first_name: $("first_name").value.trim(),
          last_name: $("last_name").value.trim(),
          date_of_birth: $("date_of_birth").value,
          email: email,
          phone: phone,
          address_history: []
        }
      }
    };
  }

  function firstInvalid(form) {
    var fields = form.querySelectorAll("input, select");
    for (var i = 0; i < fields.length; i++) {
      if (!fields[i].checkValidity()) return fields[i];
    }
    return null;
  }

  function pollDecision(person, address, startedAt) {
    var id = state.proposal.id;
    return api("GET", "/registry/v1/proposal/" + encodeURIComponent(id), config.authToken).then(function (answer) {
      if (state.finished) return;
      if (answer.status !== 200) { say(explain(answer, t("statusNotRead")), "error"); return; }
      var proposal = answer.body;
      if (proposal.status === "ACCEPTED" && proposal.enrolled_business) {
        say(t("savingBusiness"));
        return saveAutofill(proposal.enrolled_business, person, address).then(function (saved) {
          if (saved.status !== 200) { say(explain(saved, t("notSaved")), "error"); return; }
          finish("completed", t("registeredTitle"),
            t("registeredText", {
              name: proposal.enrolled_business.trading_name,
              number: proposal.enrolled_business.organization_number
            }));
          $("done-text").setAttribute("data-organization-number", proposal.enrolled_business.organization_number);
        });
      }
      if (proposal.status === "DECLINED" || proposal.status === "WITHDRAWN") {
        say("");
        $("done-title").textContent = t("notAcceptedTitle");
        $("done-text").textContent = t("notAcceptedText");
        show("step-done");
        return;
      }
      var waited = Date.now() - startedAt;
      if (proposal.status === "IN_REVIEW" || waited >= POLL_LIMIT_MS) {
        $("done-title").textContent = t("reviewTitle");
        $("done-text").textContent = t("reviewText");
        if ($("step-done").hidden) { say(""); show("step-done"); }
      }
      if (waited < 10 * POLL_LIMIT_MS) {
        return new Promise(function (resolve) { setTimeout(resolve, POLL_MS); }).then(function () {
          return pollDecision(person, address, startedAt);
        });
      }
    });
  }

  $("register-form").addEventListener("submit", function (event) {
    event.preventDefault();
    var form = event.target;
    var invalid = firstInvalid(form);
    if (invalid) {
      var label = form.querySelector("label[for=" + invalid.id + "]");
      say(invalid.id === "biometric_consent"
        ? t("consentNeeded")
        : t("pleaseCheck", { field: label ? label.textContent : invalid.name }), "error");
      invalid.focus();
      return;
    }
    var file = $("evidence").files && $("evidence").files[0];
    if (file && file.size > 10 * 1024 * 1024) { say(t("tooLarge"), "error"); return; }
    var person = {
      first_name: $("first_name").value.trim(),
      last_name: $("last_name").value.trim(),
      email: $("email").value.trim(),
      phone_number: $("phone").value.replace(/[\s()-]/g, "")
    };
    var address = addressFromForm();
    busy(form, true);
    say(t("registering"));
    var step = state.proposal && state.proposal.status === "DRAFT"
      ? Promise.resolve({ status: 202, body: state.proposal })
      : api("POST", "/registry/v1/proposal", config.authToken, proposalBody());
    step.then(function (created) {
      if (created.status !== 202) throw { answer: created, fallback: t("registrationRefused") };
      state.proposal = created.body;
      if (!file) return null;
      var data = new FormData();
      data.append("file", file, file.name);
      var evidencePath = "/registry/v1/proposal/" + encodeURIComponent(state.proposal.id) + "/evidence";
      return api("POST", evidencePath, config.authToken, data, true).then(function (uploaded) {
        if (uploaded.status !== 201) throw { answer: uploaded, fallback: t("documentRefused") };
      });
    }).then(function () {
      var submissionPath = "/registry/v1/proposal/" + encodeURIComponent(state.proposal.id) + "/submission";
      return api("POST", submissionPath, config.authToken);
    }).then(function (submitted) {
      if (submitted.status !== 200) throw { answer: submitted, fallback: t("notSubmitted") };
      state.proposal.status = "SUBMITTED";
      say(t("checkingRegistration"));
      return pollDecision(person, address, Date.now());
    }).catch(function (error) {
      busy(form, false);
      if (error && error.answer) say(explain(error.answer, error.fallback), "error");
      else failed(error);
    });
  });

  if (!config.canVerify) show("step-register");
  else if (!config.canRegister) show("step-email");
})();
`
