export default function NotFound() {
  return <p data-testid="not-found">Your cart is empty or was already ordered.</p>
}
