import {
  ButtonHTMLAttributes,
  forwardRef,
  HTMLAttributes,
} from "react"

// Stand-ins for the dtc-starter's UI components (its modules/common/components/ui), with plain class names.

export const clx = (...classes: (string | false | null | undefined | Record<string, boolean>)[]) =>
  classes
    .flatMap((c) => (c && typeof c === "object" ? Object.entries(c).filter(([, on]) => on).map(([name]) => name) : [c]))
    .filter(Boolean)
    .join(" ")

type TextProps = HTMLAttributes<HTMLParagraphElement> & {
  as?: "p" | "span" | "div"
}

export const Text = forwardRef<HTMLParagraphElement, TextProps>(
  ({ className, as: Component = "p", children, ...props }, ref) => {
    return (
      <Component ref={ref} className={clx("text", className)} {...props}>
        {children}
      </Component>
    )
  }
)
Text.displayName = "Text"

type HeadingProps = HTMLAttributes<HTMLHeadingElement> & {
  level?: "h1" | "h2" | "h3"
}

export const Heading = forwardRef<HTMLHeadingElement, HeadingProps>(
  ({ className, level: Component = "h2", children, ...props }, ref) => {
    return (
      <Component ref={ref} className={clx("heading", className)} {...props}>
        {children}
      </Component>
    )
  }
)
Heading.displayName = "Heading"

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: "primary" | "secondary" | "transparent"
  size?: "small" | "medium" | "large"
  isLoading?: boolean
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(
  (
    {
      className,
      variant = "primary",
      size = "medium",
      isLoading,
      disabled,
      children,
      ...props
    },
    ref
  ) => {
    return (
      <button
        ref={ref}
        disabled={disabled || isLoading}
        className={clx("button", `button-${variant}`, `button-${size}`, className)}
        {...props}
      >
        {isLoading ? "Loading..." : children}
      </button>
    )
  }
)
Button.displayName = "Button"

export const Container = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(
  ({ className, children, ...props }, ref) => (
    <div ref={ref} className={clx("container", className)} {...props}>
      {children}
    </div>
  )
)
Container.displayName = "Container"
