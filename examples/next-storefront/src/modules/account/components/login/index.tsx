"use client"

import { login } from "@lib/data/customer"
import ErrorMessage from "@modules/checkout/components/error-message"
import { Button } from "@modules/common/components/ui"
import { useActionState } from "react"

// A stand-in for the dtc-starter's login form (modules/account/components/login): email, password, the login server
// action.

const Login = () => {
  const [message, formAction] = useActionState(login, null)

  return (
    <form className="login" action={formAction} data-testid="login-page">
      <label>
        Email
        <input name="email" type="email" autoComplete="email" required data-testid="email-input" />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required data-testid="password-input" />
      </label>
      <ErrorMessage error={message} data-testid="login-error-message" />
      <Button type="submit" data-testid="sign-in-button">
        Sign in
      </Button>
    </form>
  )
}

export default Login
