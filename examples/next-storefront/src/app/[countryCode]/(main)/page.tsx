import { listProducts } from "@lib/data/products"
import { convertToLocale } from "@lib/util/money"
import AddToCart from "@modules/products/components/add-to-cart"

// A stand-in for the dtc-starter's store page: the region's products, each variant added to the cart with the
// starter's addToCart server action, then on to the checkout.

type Props = {
  params: Promise<{ countryCode: string }>
}

export default async function Home(props: Props) {
  const { countryCode } = await props.params
  const products = await listProducts(countryCode)

  return (
    <div className="store">
      <h1>Store</h1>
      {products.map((product) => (
        <section key={product.id} className="product" data-testid="product">
          <h2>{product.title}</h2>
          {product.variants?.map((variant) => (
            <div key={variant.id} className="variant">
              <span>{variant.title}</span>
              {variant.calculated_price?.calculated_amount != null ? (
                <span>
                  {convertToLocale({
                    amount: variant.calculated_price.calculated_amount,
                    currency_code: variant.calculated_price.currency_code ?? "",
                  })}
                </span>
              ) : null}
              <AddToCart variantId={variant.id} />
            </div>
          ))}
        </section>
      ))}
    </div>
  )
}
