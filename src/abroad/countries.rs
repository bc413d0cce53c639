//! The countries the shop delivers to abroad, and how each writes an address: a postcode (the
//! UK's, a US ZIP code, Canada's postal code), a state or province from a list, or neither.

use serde::Serialize;

crate::text_enum! {
    /// A delivery zone abroad.
    pub enum Region {
        Gb => "GB",
        Us => "US",
        Ca => "CA",
        World => "WORLD",
    }
}

impl Region {
    pub fn name(self) -> &'static str {
        match self {
            Region::Gb => "United Kingdom",
            Region::Us => "United States",
            Region::Ca => "Canada",
            Region::World => "Rest of the world",
        }
    }
}

/// A country abroad as the checkout's address form needs it.
#[derive(Serialize, Clone, Debug, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Country {
    /// ISO 3166 code: "GB".
    pub code: &'static str,
    pub name: &'static str,
    pub region: Region,
    /// What its postcode is called ("Postcode", "ZIP code", "Postal code").
    pub postcode_label: &'static str,
    pub postcode_required: bool,
    /// What its part of the country is called ("County", "State", "Province", "Region").
    pub region_label: &'static str,
    /// The states or provinces to choose from (required); empty: free text, optional.
    pub regions: &'static [&'static str],
}

const fn world(code: &'static str, name: &'static str) -> Country {
    Country {
        code,
        name,
        region: Region::World,
        postcode_label: "Postal code",
        postcode_required: false,
        region_label: "Region",
        regions: &[],
    }
}

pub const US_STATES: &[&str] = &[
    "Alabama",
    "Alaska",
    "Arizona",
    "Arkansas",
    "California",
    "Colorado",
    "Connecticut",
    "Delaware",
    "District of Columbia",
    "Florida",
    "Georgia",
    "Hawaii",
    "Idaho",
    "Illinois",
    "Indiana",
    "Iowa",
    "Kansas",
    "Kentucky",
    "Louisiana",
    "Maine",
    "Maryland",
    "Massachusetts",
    "Michigan",
    "Minnesota",
    "Mississippi",
    "Missouri",
    "Montana",
    "Nebraska",
    "Nevada",
    "New Hampshire",
    "New Jersey",
    "New Mexico",
    "New York",
    "North Carolina",
    "North Dakota",
    "Ohio",
    "Oklahoma",
    "Oregon",
    "Pennsylvania",
    "Rhode Island",
    "South Carolina",
    "South Dakota",
    "Tennessee",
    "Texas",
    "Utah",
    "Vermont",
    "Virginia",
    "Washington",
    "West Virginia",
    "Wisconsin",
    "Wyoming",
];

pub const CA_PROVINCES: &[&str] = &[
    "Alberta",
    "British Columbia",
    "Manitoba",
    "New Brunswick",
    "Newfoundland and Labrador",
    "Northwest Territories",
    "Nova Scotia",
    "Nunavut",
    "Ontario",
    "Prince Edward Island",
    "Quebec",
    "Saskatchewan",
    "Yukon",
];

/// Where Nigerian brands' customers abroad live: the three zones of their own, then the rest of
/// the world alphabetically.
pub const COUNTRIES: &[Country] = &[
    Country {
        code: "GB",
        name: "United Kingdom",
        region: Region::Gb,
        postcode_label: "Postcode",
        postcode_required: true,
        region_label: "County",
        regions: &[],
    },
    Country {
        code: "US",
        name: "United States",
        region: Region::Us,
        postcode_label: "ZIP code",
        postcode_required: true,
        region_label: "State",
        regions: US_STATES,
    },
    Country {
        code: "CA",
        name: "Canada",
        region: Region::Ca,
        postcode_label: "Postal code",
        postcode_required: true,
        region_label: "Province",
        regions: CA_PROVINCES,
    },
    world("AU", "Australia"),
    world("BE", "Belgium"),
    world("BJ", "Benin"),
    world("CM", "Cameroon"),
    world("CN", "China"),
    world("CI", "Côte d’Ivoire"),
    world("DK", "Denmark"),
    world("FI", "Finland"),
    world("FR", "France"),
    world("DE", "Germany"),
    world("GH", "Ghana"),
    world("IN", "India"),
    world("IE", "Ireland"),
    world("IT", "Italy"),
    world("JP", "Japan"),
    world("KE", "Kenya"),
    world("NL", "Netherlands"),
    world("NZ", "New Zealand"),
    world("NO", "Norway"),
    world("PT", "Portugal"),
    world("QA", "Qatar"),
    world("RW", "Rwanda"),
    world("SA", "Saudi Arabia"),
    world("SN", "Senegal"),
    world("SG", "Singapore"),
    world("ZA", "South Africa"),
    world("ES", "Spain"),
    world("SE", "Sweden"),
    world("CH", "Switzerland"),
    world("TG", "Togo"),
    world("TR", "Turkey"),
    world("AE", "United Arab Emirates"),
];

/// The country abroad with this code or name (any case); none for Nigeria or an unknown one.
pub fn find(typed: &str) -> Option<&'static Country> {
    let typed = typed.trim();
    COUNTRIES.iter().find(|c| c.code.eq_ignore_ascii_case(typed) || c.name.eq_ignore_ascii_case(typed))
}

/// Whether `typed` names Nigeria (its code, its name, or nothing: the form's default).
pub fn is_nigeria(typed: &str) -> bool {
    let typed = typed.trim();
    typed.is_empty() || typed.eq_ignore_ascii_case("NG") || typed.eq_ignore_ascii_case("Nigeria")
}

/// The address's region and postcode as `country` writes them, tidied ("sw1a1aa" → "SW1A 1AA"),
/// or the sentence that says what is wrong.
pub fn check_address(country: &Country, region: &str, postcode: &str) -> Result<(String, String), String> {
    let region = region.trim();
    let region = if country.regions.is_empty() {
        region.to_string()
    } else {
        match country.regions.iter().find(|r| r.eq_ignore_ascii_case(region)) {
            Some(known) => known.to_string(),
            None => return Err(format!("Please choose your {}.", country.region_label.to_lowercase())),
        }
    };
    let compact: String = postcode.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase();
    if compact.is_empty() {
        return if country.postcode_required {
            Err(format!("Please enter your {}.", country.postcode_label.to_lowercase()))
        } else {
            Ok((region, String::new()))
        };
    }
    let invalid = || Err(format!("Please enter a valid {} for {}.", country.postcode_label.to_lowercase(), country.name));
    let letter = |c: char| c.is_ascii_uppercase();
    let digit = |c: char| c.is_ascii_digit();
    let chars: Vec<char> = compact.chars().collect();
    let tidy = match country.code {
        // A1 1AA, A11 1AA, AA1 1AA, AA11 1AA, A1A 1AA, AA1A 1AA: an outward code, then a digit and two letters.
        "GB" => {
            let n = chars.len();
            if !(5..=7).contains(&n) || !digit(chars[n - 3]) || !letter(chars[n - 2]) || !letter(chars[n - 1]) {
                return invalid();
            }
            let outward = &chars[..n - 3];
            if !letter(outward[0]) || !outward.iter().all(|c| letter(*c) || digit(*c)) || !outward.iter().any(|c| digit(*c)) {
                return invalid();
            }
            format!("{} {}", outward.iter().collect::<String>(), chars[n - 3..].iter().collect::<String>())
        }
        // 12345 or 12345-6789.
        "US" => {
            let ok = match chars.len() {
                5 => chars.iter().all(|c| digit(*c)),
                10 => chars[5] == '-' && chars.iter().enumerate().all(|(i, c)| i == 5 || digit(*c)),
                _ => false,
            };
            if !ok {
                return invalid();
            }
            compact
        }
        // A1A 1A1.
        "CA" => {
            let ok = chars.len() == 6 && chars.iter().enumerate().all(|(i, c)| if i % 2 == 0 { letter(*c) } else { digit(*c) });
            if !ok {
                return invalid();
            }
            format!("{} {}", &compact[..3], &compact[3..])
        }
        _ => {
            let text = postcode.trim();
            if text.chars().count() > 12 || !text.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-') {
                return invalid();
            }
            text.to_string()
        }
    };
    Ok((region, tidy))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_country_writes_its_own_postcode() {
        let gb = find("gb").unwrap();
        assert_eq!(check_address(gb, "", "sw1a1aa"), Ok((String::new(), "SW1A 1AA".into())));
        assert_eq!(check_address(gb, "Greater London", "E1 6AN"), Ok(("Greater London".into(), "E1 6AN".into())));
        assert!(check_address(gb, "", "12345").is_err());
        assert_eq!(check_address(gb, "", ""), Err("Please enter your postcode.".into()));
        let us = find("United States").unwrap();
        assert_eq!(check_address(us, "texas", "77002"), Ok(("Texas".into(), "77002".into())));
        assert_eq!(check_address(us, "Lagos", "77002"), Err("Please choose your state.".into()));
        assert!(check_address(us, "Texas", "7700").is_err());
        let ca = find("CA").unwrap();
        assert_eq!(check_address(ca, "Ontario", "m5v 3l9"), Ok(("Ontario".into(), "M5V 3L9".into())));
        assert!(check_address(ca, "Ontario", "M5V 3LL").is_err());
        let gh = find("Ghana").unwrap();
        assert_eq!(gh.region, Region::World);
        assert_eq!(check_address(gh, "Greater Accra", ""), Ok(("Greater Accra".into(), String::new())));
        assert!(is_nigeria("Nigeria") && is_nigeria("ng") && !is_nigeria("GB"));
        assert!(find("Nigeria").is_none());
    }
}
