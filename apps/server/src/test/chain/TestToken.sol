// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// A USDT stand-in for the chain tests: OpenZeppelin's ERC-20 with the decimals chosen at
/// deployment (USDT has 6 on Ethereum, 18 on BNB Smart Chain), minting for the tests, and
/// several transfers in one transaction, as exchanges send them.
contract TestToken is ERC20 {
    uint8 private immutable _tokenDecimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) {
        _tokenDecimals = decimals_;
    }

    function decimals() public view override returns (uint8) {
        return _tokenDecimals;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function transferMany(address[] calldata to, uint256[] calldata amounts) external {
        require(to.length == amounts.length, "lengths differ");
        for (uint256 i = 0; i < to.length; i++) {
            _transfer(msg.sender, to[i], amounts[i]);
        }
    }
}
